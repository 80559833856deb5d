import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until the page has settled, an explicit signal instead of a fixed pause: no open menu, the network quiet
 * since the last navigation (Playwright's `networkidle`: the app's queries, lazy chunks and images, so an image's
 * onerror has fired), and no CSS transition or animation still running (Mantine's dialogs and notifications fade
 * in). An assertion that something did NOT happen (no payload ran, no CSP violation) is made after everything that
 * could make it happen, however slow the machine is; a screenshot or axe sees the screen as a person does.
 */
export async function settled(page: Page) {
  // A menu that is closing is gone first (its item would otherwise be found twice, and axe would see it).
  await page
    .getByRole('menu')
    .waitFor({ state: 'detached' })
    .catch(() => {});
  await page.waitForLoadState('networkidle');
  // A loader's spinner runs forever; it is not a transition that will end.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  // One more frame: handlers of a response that just arrived (an image's onerror, a rendered list) have run.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/** The screen fits its viewport: nothing makes the page scroll sideways (the common way a layout breaks). */
export async function expectFitsViewport(page: Page, label: string) {
  await settled(page);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: page wider than the viewport`).toBeLessThanOrEqual(innerWidth);
}
