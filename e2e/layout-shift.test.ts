/**
 * No layout shift while a screen loads: the reservations overview (its tabs get their counts, the table
 * its rows) and the statements of both roles (the table, the totals and the payout sections arrive one after the
 * other) shift by at most 0.1 (the CLS goal) on a laptop, a tablet and a phone, for a first load of the page with a
 * session already in local storage, as Lighthouse measures it.
 *
 * Measured in the page with a PerformanceObserver('layout-shift', buffered) installed before the app's first
 * script; every shift without recent input is summed (stricter than CLS, which takes the worst window). The answers
 * that arrive last in practice (the tab counts, the statements) are held back so they come after the first paint of
 * the rest, the order that shifts when space is not reserved. The super admin's home: its workshop table above the
 * dashboard, with the workshops held back.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  LAPTOP,
  launch,
  openPage,
  PHONE,
  screenshot,
  TABLET,
  type Viewport,
} from './support/browser.ts';
import { demoPaidMonth } from './support/demo-month.ts';
import { type DemoRole, expectShellFor, logIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { settled } from './support/settled.ts';

const CLS_GOAL = 0.1;
/** Answers held back by this long, so they land after the first paint of the rest of the screen. */
const LATE_MS = 700;
const LATE_ANSWERS = /\/api\/(reservations\/counts|statements|workspaces\/all)(\?|$)/;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

type Shift = { value: number; sources: string[] };
declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/** Installed before any script of the page: every layout shift without recent input, with what moved. */
function observeShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const sources = (entry.sources ?? []).map((s) => {
        const node = s.node;
        if (!node || !(node instanceof Element)) return String(node?.nodeName ?? '?');
        return `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? `.${node.className.split(' ')[0]}` : ''} "${(node.textContent ?? '').slice(0, 40)}"`;
      });
      window.__shifts?.push({ value: entry.value, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Logs `role` in, then loads `path` afresh (the session in local storage) and sums its layout shifts. */
async function shiftOf(role: DemoRole, path: string, viewport: Viewport, name: string) {
  const { page, context } = await openPage(browser, viewport);
  try {
    await logIn(page, role);
    await expectShellFor(page, role);
    await context.addInitScript(observeShifts);
    await page.route(LATE_ANSWERS, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, LATE_MS));
      await route.continue();
    });
    await page.goto(`${page.url().replace(/^(https?:\/\/[^/]+).*$/, '$1')}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitForContent(page);
    await settled(page);
    const shifts = (await page.evaluate(() => window.__shifts ?? [])) as Shift[];
    await screenshot(page, `layout-shift-${name}-${viewport.width}`);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    return { total, shifts };
  } finally {
    await context.close();
  }
}

/** The screen's table (or, on a phone, its cards) has its rows, and no loader is left. */
async function waitForContent(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-busy="true"]') === null &&
      (document.querySelectorAll('table tbody tr').length > 0 ||
        document.querySelectorAll('ul[aria-label] > li').length > 0),
    undefined,
    { timeout: 30_000 },
  );
}

const SCREENS: { name: string; role: DemoRole; path: string }[] = [
  { name: 'reservations-workshop-admin', role: WORKSHOP_ADMIN, path: '/reservations' },
  { name: 'reservations-super-admin', role: SUPER_ADMIN, path: '/reservations' },
  { name: 'statements-super-admin', role: SUPER_ADMIN, path: `/statements?maand=${demoPaidMonth()}` },
  { name: 'statements-workshop-admin', role: WORKSHOP_ADMIN, path: `/statements?maand=${demoPaidMonth()}` },
  // The workshop table stands above the dashboard: its rows (held back) must not push the dashboard down.
  { name: 'home-super-admin', role: SUPER_ADMIN, path: '/' },
];

describe('layout shift while a screen loads (CLS ≤ 0.1)', () => {
  for (const screen of SCREENS) {
    it(`${screen.name}: laptop, tablet and phone`, async () => {
      for (const viewport of [LAPTOP, TABLET, PHONE]) {
        const { total, shifts } = await shiftOf(screen.role, screen.path, viewport, screen.name);
        expect(
          total,
          `${screen.name} at ${viewport.width}×${viewport.height}: ${JSON.stringify(shifts, null, 1)}`,
        ).toBeLessThanOrEqual(CLS_GOAL);
      }
    });
  }
});
