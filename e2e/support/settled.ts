import type { Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Requests still open per page, other than the app's own calls to its API: those are the page's business, and the
 * page says when they are done (`<html data-busy>`, apps/web/src/app/busy-signal.tsx). What is left (scripts, styles,
 * lazy chunks, images) always ends.
 */
const openRequests = new WeakMap<Page, { open: Set<Request>; lastChange: number }>();

const isApiCall = (request: Request) =>
  (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') &&
  new URL(request.url()).pathname.startsWith('/api/');

/** Starts counting a page's open requests (support/browser.ts `openPage` does it before the first navigation). */
export function trackRequests(page: Page) {
  if (openRequests.has(page)) return;
  const state = { open: new Set<Request>(), lastChange: Date.now() };
  openRequests.set(page, state);
  // Every request and answer restarts the half second: what an answer renders may ask for more (images).
  page.on('request', (request) => {
    if (!isApiCall(request)) state.open.add(request);
    state.lastChange = Date.now();
  });
  const done = (request: Request) => {
    state.open.delete(request);
    state.lastChange = Date.now();
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
 * Quiet: the app asks its API nothing (the page's own signal: no query fetching, no change being saved) and no
 * other request has been open for half a second, as Playwright's `networkidle` means it — which never comes for a
 * logged-in admin, whose live-events stream stays open.
 */
async function networkQuiet(page: Page) {
  trackRequests(page);
  const state = openRequests.get(page);
  if (!state) throw new Error('requests are not tracked');
  await expect
    .poll(
      async () => {
        // While a navigation replaces the document there is nothing to ask: busy.
        const busy = await page.evaluate(() => document.documentElement.dataset.busy === 'true').catch(() => true);
        return !busy && state.open.size === 0 && Date.now() - state.lastChange >= 500;
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
