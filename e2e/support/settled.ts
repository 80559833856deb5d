import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/** Requests still open per page; the live-events stream (`/api/events`) never ends, so it does not count. */
const openRequests = new WeakMap<Page, { open: Map<Request, number>; lastChange: number }>();

/** Starts counting a page's open requests (support/browser.ts `openPage` does it before the first navigation). */
export function trackRequests(page: Page) {
  if (openRequests.has(page)) return;
  const state = { open: new Map<Request, number>(), lastChange: Date.now() };
  openRequests.set(page, state);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') return;
    state.open.set(request, Date.now());
    state.lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (state.open.delete(request)) state.lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  // A navigation ends what the old document asked, whether or not an event says so.
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    state.open.clear();
    state.lastChange = Date.now();
  });
}

/**
 * The network quiet for half a second, as Playwright's `networkidle` means it, but blind to the event stream that a
 * logged-in admin keeps open (with it, `networkidle` never comes).
 */
async function networkQuiet(page: Page) {
  trackRequests(page);
  const state = openRequests.get(page);
  if (!state) throw new Error('requests are not tracked');
  await expect
    .poll(
      () => {
        // A request open for 10 s is a stream or was dropped unseen: not something the screen waits for.
        const now = Date.now();
        for (const [request, since] of state.open) if (now - since > 10_000) state.open.delete(request);
        return state.open.size === 0 && now - state.lastChange >= 500;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
}

/**
 * Waits until the page has settled, an explicit signal instead of a fixed pause: no open menu, the network quiet
 * for half a second (the app's queries, lazy chunks and images, so an image's
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
  await networkQuiet(page);
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
