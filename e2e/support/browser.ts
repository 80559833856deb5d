import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, inject, onTestFailed } from 'vitest';
import { launchChromium, TEST_CHROMIUM_ARGS, testChromiumPath } from './chromium.ts';
import { settled, trackRequests } from './settled.ts';
import { AXE_SCRIPT_PATH, axePath, E2E_SERVER_V8_ARGS } from './test-app.ts';

/**
 * This worker's server (global-setup.ts starts one per worker, each on its own copy of the demo data): vitest numbers
 * its workers 1 … maxWorkers in VITEST_POOL_ID, and a worker runs its files one after another.
 */
function ownServer() {
  const servers = inject('servers');
  const n = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[n - 1];
  if (!server) throw new Error(`No server for worker ${n}: the global set-up started ${servers.length}`);
  return server;
}
export const baseUrl = () => ownServer().baseUrl;
/** The worker's server's DATA_DIR (its outbox: `readOutbox(dataDir())`). */
export const dataDir = () => ownServer().dataDir;
/** The origin the worker's server allows for the example storefront (its SHOP_ORIGINS). */
export const storefrontOrigin = () => ownServer().storefrontOrigin;
/**
 * Node's arguments for a server a file starts itself (`serverProcess`): the run's compiled server, as `npm start`,
 * with V8's settings for a test server (`E2E_SERVER_V8_ARGS`).
 */
export const compiledServerArgs = () => [...E2E_SERVER_V8_ARGS, '--enable-source-maps', inject('serverEntry')];
export const DEMO_PASSWORD = 'Atelier2026!';
export const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/** The worker's one Chromium, launched by its first file and used by all its files (each test opens its own context). */
let workerBrowser: Promise<Browser> | null = null;

/**
 * The worker's Chromium: launched once per worker (a launch cost about 0.7 s of a loaded machine per file), and again
 * only when it went away (a crash). A file starts no browser of its own: its tests open a fresh context each
 * (`openPage`), with its own storage and cookies, so nothing passes from one file's tests to the next. Playwright
 * ends the browser when the worker process exits.
 */
export function launch(): Promise<Browser> {
  const current = workerBrowser;
  if (current) {
    return current.then(
      (browser) => (browser.isConnected() ? browser : relaunch()),
      () => relaunch(),
    );
  }
  return relaunch();
}
function relaunch(): Promise<Browser> {
  workerBrowser = launchChromium(testChromiumPath(), TEST_CHROMIUM_ARGS);
  return workerBrowser;
}

/**
 * The end of a file (its `afterAll`): closes the contexts its tests left open, so the next file on this worker starts
 * with none; the browser itself stays for that file.
 */
export async function closeContexts(browser: Browser | undefined) {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((context) => context.close()));
}

/** What every browser context of the tests shares: Dutch, and Amsterdam's time. */
export const CONTEXT = { locale: 'nl-NL', timezoneId: 'Europe/Amsterdam' } as const;

export type Viewport = { width: number; height: number };
export const LAPTOP: Viewport = { width: 1366, height: 768 };
export const TABLET: Viewport = { width: 820, height: 1180 };
export const SMALL_LAPTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 390, height: 844 };
/** The sizes every screen must fit, with the names the tests' titles and screenshots give them. */
export const SIZES = [
  ['1366x768', LAPTOP],
  ['1280x800', SMALL_LAPTOP],
  ['820x1180', TABLET],
  ['390x844', PHONE],
] as const satisfies readonly (readonly [string, Viewport])[];
export type Size = (typeof SIZES)[number];

/**
 * The page at another size, settled. Every layout choice of the app follows the window as it changes (CSS media
 * queries, and Mantine's `useMediaQuery`, which listens for the change: the shell's navigation, the lists' cards or
 * table, the dialogs' full screen), so a page made smaller shows what a page loaded at that size shows, as a tablet
 * turned does. A test that checks one screen at every size resizes one page instead of loading the screen once per
 * size: a load is a new renderer, the app's scripts, its shell and its data again, about three times a resize's work
 * (docs/testing.md, 'Browser tests: one page at every size'). Such a test loads its screens at different sizes
 * (`sizesFrom`, `stepSize`), so each size is also seen from a first load.
 */
export async function resize(page: Page, viewport: Viewport) {
  await page.setViewportSize(viewport);
  // A frame (the media queries' change events are sent in it) and a task after it (React renders what they changed
  // then): a lazy part the new size needs has been asked for before `settled` looks at the network.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await settled(page);
}

/**
 * The page resized to each of SIZES, from the `from`-th on (`sizesFrom`), and settled, with `check` run at each:
 * what a test checks of one state of a screen at every size.
 */
export async function atEverySize(
  page: Page,
  from: number,
  check: (name: string, viewport: Viewport) => Promise<void>,
) {
  for (const [name, viewport] of sizesFrom(from)) {
    await resize(page, viewport);
    await check(name, viewport);
  }
}

/** The size step `index` of a test is done at: each of SIZES in turn. */
export const stepSize = (index: number): Viewport => sizesFrom(index)[0][1];

/**
 * SIZES in the order a test's `index`-th screen goes through them: loaded at the first (each of SIZES in turn, so
 * every size has first loads), then resized to the others.
 */
export function sizesFrom(index: number): [Size, ...Size[]] {
  const start = index % SIZES.length;
  const [first = SIZES[0], ...rest] = [...SIZES.slice(start), ...SIZES.slice(0, start)];
  return [first, ...rest];
}

/** Ends every CSS transition and animation at once (see openPage). */
const STILL_CSS = '*, *::before, *::after { transition: none !important; animation: none !important; }';

/**
 * In the page, before its first script: the style above as the document's first style sheet. A string, not a function:
 * the test runner's compiler may add helpers to a function's body that the page does not have.
 */
const STILL_SCRIPT = `(() => {
  const add = () => {
    const style = document.createElement('style');
    style.textContent = ${JSON.stringify(STILL_CSS)};
    document.documentElement.appendChild(style);
  };
  if (document.documentElement) add();
  else document.addEventListener('readystatechange', add, { once: true });
})();`;

/**
 * A fresh browser context (its own local storage) with a page on the app at `url`; collects console errors.
 * `localStorage` is put in the page's storage for the server's origin before the app's first script runs (a session:
 * `openSignedIn` in login.ts).
 */
export async function openPage(
  browser: Browser,
  viewport: Viewport = LAPTOP,
  url = '/',
  localStorage: { name: string; value: string }[] = [],
) {
  const context = await browser.newContext({ viewport, ...CONTEXT });
  if (localStorage.length > 0) {
    // On the first load only (a mark in the storage says it was done), so a log-out or a session the app replaced
    // stays as the app left it on a reload. (The context's `storageState` does the same by loading the origin once
    // more in a page of its own: 1.5 s per context on the loaded machine.)
    await context.addInitScript(
      ({ origin, entries }) => {
        if (window.location.origin !== origin || window.localStorage.getItem('e2e-storage-put')) return;
        for (const entry of entries) window.localStorage.setItem(entry.name, entry.value);
        window.localStorage.setItem('e2e-storage-put', '1');
      },
      { origin: baseUrl(), entries: localStorage },
    );
  }
  // No CSS transition or animation runs, from the first paint of every document: a person sees the same end states,
  // and a fade, a dialog's 'pop' or a loader's spin no longer has frames composited for it (the GPU process's CPU
  // about halved in an A/B of eight files, docs/testing.md). Mantine's own timers still keep a closing menu or dialog
  // in the page for its duration. axe put the same style into each document before its first check already.
  await context.addInitScript({ content: STILL_SCRIPT });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // A failed test leaves a picture of where it stood.
  onTestFailed(async ({ task }) => {
    if (page.isClosed()) return;
    mkdirSync(screenshotDir, { recursive: true });
    const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
    await page.screenshot({ path: path.join(screenshotDir, `FAILED-${name}.png`) }).catch(() => undefined);
  });
  trackRequests(page);
  await page.goto(`${baseUrl()}${url}`);
  return { page, context, errors };
}

/**
 * Puts axe-core into the page. A page of the app's servers (every test server serves it beside the app,
 * support/test-app.ts; the app's Content-Security-Policy allows scripts from 'self') loads it by URL: the context's
 * HTTP cache keeps it and V8 reuses its compiled code in the next document of the renderer, where sending 550 KB of
 * script through the DevTools protocol made every document receive and compile it anew. The example storefront's page
 * gets it through the protocol: its own server has no axe, and the app's server lends its files to no other origin.
 */
async function addAxe(page: Page) {
  const origin = new URL(page.url()).origin;
  if (origin === new URL(storefrontOrigin()).origin) await page.evaluate(readFileSync(axePath, 'utf8'));
  else await page.addScriptTag({ url: new URL(AXE_SCRIPT_PATH, origin).href });
}

type Violation = { id: string; impact: string; help: string; targets: string[] };

/** axe-core on the document (or the part `within` names) as it is now: the serious and critical violations. */
async function axeViolations(page: Page, within?: string[]): Promise<Violation[]> {
  // Transitions end at once: axe measures contrast as it is now, and a notification or dialog halfway through its
  // fade-in reads as too pale.
  // Once per document: the style and axe stay in it until the next navigation.
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addStyleTag({ content: STILL_CSS });
    await addAxe(page);
  }
  const result = await page.evaluate(async (selectors) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    const context = selectors ? { include: selectors.map((s) => [s]) } : document;
    // A rule with a fixed impact of 'minor' or 'moderate' gives every violation it finds that impact (axe sets each
    // check's impact to the rule's), so it can never make a serious or critical one: those rules are not run, and
    // the answer is the same as with all of them. (axe's rule list with impacts is not public API: read it here.)
    const rules = Object.fromEntries(
      (axe._audit.rules as { id: string; impact?: string }[])
        .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
        .map((rule) => [rule.id, { enabled: false }]),
    );
    const r = await axe.run(context, { resultTypes: ['violations'], rules });
    return r.violations.map(
      (v: { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary?: string }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        // With axe's own summary (colours and ratio for a contrast), so a failure says what to change.
        targets: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      }),
    );
  }, within ?? null);
  return (result as Violation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Waits until no menu is open any more (a closing one fades out). */
const menuClosed = (page: Page) =>
  page
    .getByRole('menu')
    .last()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});

/**
 * Runs axe-core on the page as it is, and then on what opens on it: the first row's '…' menu and the
 * user menu, and every tab of each tab list (after which the tab that was chosen is chosen again). Fails on any
 * serious or critical violation, naming what was open. `{ open: false }` checks only the page as it is (a screen
 * with a dialog open already, a moment that must not change).
 */
export async function expectAccessible(page: Page, label: string, options: { open?: boolean } = {}) {
  expect(await axeViolations(page), `axe on ${label}`).toEqual([]);
  if (options.open === false || (await page.getByRole('dialog').count()) > 0) return;

  for (const button of [
    page.getByRole('button', { name: /^Acties voor / }).first(),
    page.getByRole('banner').getByRole('button', { expanded: false }).last(),
  ]) {
    if (!(await button.isVisible().catch(() => false))) continue;
    if ((await button.getAttribute('aria-haspopup')) !== 'menu') continue;
    const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
    // Marked while it still matches its locator (the user menu's is found by `expanded: false`), for the axe run below.
    await button.evaluate((el) => el.setAttribute('data-axe-menu-button', ''));
    // By the keyboard: a notice may lie over the user menu's button for a few seconds.
    await button.focus();
    await page.keyboard.press('Enter');
    // The one just opened is the last in the page (a menu closed before may still be fading out).
    await page.getByRole('menu').last().waitFor();
    // Only what the open menu changed is checked again: the menu and the button that opened it (now expanded). The
    // rest of the document is the one just checked, and what the menu lies over can only become unmeasurable to
    // axe, never a new violation — as with the tabs below. A whole-document run cost twice a scoped one.
    const opened = ['[role="menu"]', '[data-axe-menu-button]'];
    expect(await axeViolations(page, opened), `axe on ${label}, menu '${name.trim()}' open`).toEqual([]);
    await page.keyboard.press('Escape');
    await menuClosed(page);
    // Escape goes to what has the focus: where that was not the menu, the menu itself is given the key.
    if ((await page.getByRole('menu').count()) > 0) {
      await page
        .getByRole('menu')
        .last()
        .press('Escape', { timeout: 2_000 })
        .catch(() => {});
      await menuClosed(page);
    }
    await page.evaluate(() =>
      document.querySelector('[data-axe-menu-button]')?.removeAttribute('data-axe-menu-button'),
    );
  }

  const tabs = page.getByRole('tab');
  const count = await tabs.count();
  if (count === 0) return;
  // A tab may put itself in the address (the reservations' status tabs): afterwards the history goes back to where
  // it was, so a test's own 'back' still leads where it did. Counted by the entry's place in the history, not by the
  // history's length: after an earlier check on the same page went back, the entries it left ahead make the length
  // stay the same while the tabs push new ones.
  const historyIndex = () => page.evaluate(() => navigation.currentEntry?.index ?? 0);
  const start = { url: page.url(), index: await historyIndex() };
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    if ((await tab.getAttribute('aria-selected')) === 'true') continue;
    if (!(await tab.isVisible()) || (await tab.isDisabled())) continue;
    await tab.click();
    await page.waitForFunction((el) => el?.getAttribute('aria-selected') === 'true', await tab.elementHandle());
    // The rest of the page is the same as before: only the tabs and the shown panel are checked again (fast enough
    // for eleven status tabs on a loaded machine).
    const panel = ['[role="tablist"]', '[role="tabpanel"]:not([hidden]):not([style*="display: none"])'];
    expect(await axeViolations(page, panel), `axe on ${label}, tab '${(await tab.innerText()).trim()}'`).toEqual([]);
  }
  const pushed = (await historyIndex()) - start.index;
  if (pushed > 0) {
    await page.evaluate((n) => history.go(-n), pushed);
    await page.waitForURL(start.url);
  } else if (page.url() !== start.url) {
    await page.goto(start.url);
  }
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: false });
}
