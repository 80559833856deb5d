/**
 * The signed-in first paint (docs/decisions/0071): a page opened with a session paints the shell's header and the
 * screen's heading from index.html before any script has run, React takes its place without a shift, and that early
 * paint (the heading or the text under it) stays the page's largest (what Lighthouse takes as LCP). Checked with the
 * scripts held back, at a laptop, a tablet and a phone, against the screen the app then renders.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  openPage,
  PHONE,
  screenshot,
  TABLET,
  type Viewport,
} from './support/browser.ts';
import { expectShellFor, openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';

const SCRIPTS = /\/assets\/[^/]+\.js$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

type Paint = { text: string; size: number; startTime: number };
declare global {
  interface Window {
    __paints?: Paint[];
    __shift?: number;
  }
}

/** Installed before any script of the page: every LCP candidate (its text and size) and the sum of the shifts. */
function observePaints() {
  window.__paints = [];
  window.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null; size: number })[]) {
      window.__paints?.push({
        text: (entry.element?.textContent ?? '').trim().slice(0, 120),
        size: entry.size,
        startTime: entry.startTime,
      });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) window.__shift = (window.__shift ?? 0) + entry.value;
      if (!entry.hadRecentInput)
        (window as unknown as { __sources: string[] }).__sources = [
          ...((window as unknown as { __sources?: string[] }).__sources ?? []),
          ...(
            entry as unknown as { sources: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[] }
          ).sources.map(
            (x) =>
              `${entry.value.toFixed(3)} ${(x.node as Element | undefined)?.outerHTML?.slice(0, 160)} ${JSON.stringify(x.previousRect)} -> ${JSON.stringify(x.currentRect)}`,
          ),
        ];
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** A page of the workshop admin, signed in, with the app's scripts held until `release` (or refused). */
async function signedInPage(viewport: Viewport, scripts: 'hold' | 'refuse') {
  const opened = await openSignedIn(browser, WORKSHOP_ADMIN, viewport);
  await opened.context.addInitScript(observePaints);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await opened.page.route(SCRIPTS, async (route: Route) => {
    if (scripts === 'refuse') return route.abort();
    await released;
    return route.continue();
  });
  return { ...opened, release };
}

const origin = (page: Page) => new URL(page.url()).origin;

/**
 * A navigation the test awaits once it has released the scripts. Should the test fail before that, closing its
 * context ends the navigation too: that is the same failure, not a second, unhandled one (CI printed both).
 */
function startNavigation(page: Page, path: string): Promise<unknown> {
  const loaded = page.goto(`${origin(page)}${path}`);
  loaded.catch(() => {});
  return loaded;
}

/**
 * Waits until the new document's HTML is parsed. Its observer marks it as the new one: the page it replaces was
 * opened before the observer was installed, and its own `readyState` is long 'complete'.
 */
const parsed = (page: Page) =>
  page.waitForFunction(() => window.__paints !== undefined && document.readyState !== 'loading');

/**
 * The page's largest paint while the scripts are held, once it is one of `texts` and has settled: the HTML is parsed
 * and neither a new paint nor the end of the parse came in the last half second (nothing else can paint while the
 * scripts are held). A slow machine paints a half-parsed HTML: CI saw the header's 'Ateliermarkt' first, and with
 * the HTML throttled the home's heading came 8 ms before its larger paragraph. Both were still the HTML's, before any
 * script; the last of them is the paint React must not outgrow.
 */
async function largestPaintOf(page: Page, texts: string[]): Promise<Paint> {
  try {
    const settled = await page.waitForFunction(
      (wanted) => {
        const paints = window.__paints;
        if (paints === undefined) return false; // still the page this one replaces
        const mark = window as unknown as { __settle?: { key: string; since: number; parsedAt?: number } };
        const last = paints.at(-1);
        const key = JSON.stringify(last ?? null);
        const now = performance.now();
        if (mark.__settle?.key !== key) mark.__settle = { ...mark.__settle, key, since: now };
        const state = mark.__settle;
        if (document.readyState === 'loading') return false;
        state.parsedAt ??= now;
        const quiet = now - Math.max(state.since, state.parsedAt) >= 500;
        return quiet && last !== undefined && wanted.includes(last.text) ? last : false;
      },
      texts,
      { timeout: 30_000, polling: 100 },
    );
    return (await settled.jsonValue()) as Paint;
  } catch (error) {
    const seen = await page
      .evaluate(() => ({ readyState: document.readyState, paints: window.__paints ?? null }))
      .catch((reason: unknown) => String(reason));
    throw new Error(
      `no settled largest paint among ${JSON.stringify(texts)} before any script: ${JSON.stringify(seen)} (${String(error)})`,
    );
  }
}

/** The visible h1 and paragraph under it, and whether the page scrolls sideways. */
async function painted(page: Page) {
  return page.evaluate(() => {
    const visible = (el: Element) => el.checkVisibility();
    const h1 = [...document.querySelectorAll('h1')].filter(visible);
    const description = h1[0]?.nextElementSibling;
    return {
      headings: h1.map((h) => h.textContent),
      description: description && visible(description) ? description.textContent : null,
      banner: [...document.querySelectorAll('header')].some(
        (h) => visible(h) && h.textContent?.includes('Ateliermarkt'),
      ),
      sideways: document.documentElement.scrollWidth > window.innerWidth,
    };
  });
}

const SCREENS = [
  { path: '/products', title: 'Alle producten', description: 'Bekijk, zoek en beheer de producten van je atelier.' },
  { path: '/reservations', title: 'Openstaande reserveringen', description: null },
  { path: '/product/add', title: 'Product toevoegen', description: 'In vier stappen je product in de webshop.' },
  {
    path: '/statements',
    title: 'Afrekeningen',
    description: 'De betaalde reserveringen en ontvangen retouren van de maand, met btw, commissie en netto.',
  },
  { path: '/', title: 'Welkom bij Ateliermarkt', description: null },
];

describe('the signed-in first paint, before any script', () => {
  it("shows the header and each main screen's heading from the HTML, at a laptop, a tablet and a phone", async () => {
    for (const viewport of [LAPTOP, TABLET, PHONE]) {
      const { page, context } = await signedInPage(viewport, 'refuse');
      try {
        for (const screen of SCREENS) {
          await page.goto(`${origin(page)}${screen.path}`);
          const seen = await painted(page);
          expect(seen.headings, `${screen.path} at ${viewport.width}`).toEqual([screen.title]);
          if (screen.description) expect(seen.description).toBe(screen.description);
          expect(seen.banner).toBe(true);
          expect(seen.sideways, `${screen.path} scrolls sideways at ${viewport.width}`).toBe(false);
          // The log-in form of the same HTML stays hidden.
          await expect(page.getByRole('button', { name: 'Inloggen' }).isVisible()).resolves.toBe(false);
        }
        await page.goto(`${origin(page)}/products`);
        await screenshot(page, `first-paint-products-${viewport.width}`);
        await expectAccessible(page, `the products list's first paint at ${viewport.width}`, { open: false });
      } finally {
        await context.close();
      }
    }
  });

  it('shows no heading where the screen may show another (an address with a query, another screen)', async () => {
    const { page, context } = await signedInPage(PHONE, 'refuse');
    try {
      for (const path of ['/reservations?tab=closed', '/users', '/product/edit/1']) {
        await page.goto(`${origin(page)}${path}`);
        const seen = await painted(page);
        expect(seen.headings, path).toEqual([]);
        expect(seen.banner, path).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it('is not shown without a session: the log-in form is', async () => {
    const { page, context } = await openPage(browser, PHONE);
    try {
      await page.route(SCRIPTS, (route) => route.abort());
      await page.goto(`${origin(page)}/products`);
      const seen = await painted(page);
      expect(seen.banner).toBe(false);
      expect(seen.headings).toEqual(['Ateliermarkt']);
      await expect(page.getByRole('button', { name: 'Inloggen' }).isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('React takes the first paint over', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`without a shift, and the HTML's paint stays the largest (products list, ${viewport.width} wide)`, async () => {
      const { page, context, release, errors } = await signedInPage(viewport, 'hold');
      try {
        const loaded = startNavigation(page, '/products');
        const early = await largestPaintOf(page, [
          'Alle producten',
          'Bekijk, zoek en beheer de producten van je atelier.',
        ]);

        release();
        await loaded;
        await expectShellFor(page, WORKSHOP_ADMIN);
        await page.waitForFunction(
          () =>
            document.getElementById('first-paint') === null &&
            document.querySelector('[aria-busy="true"]') === null &&
            document.querySelectorAll('table tbody tr, ul[aria-label] > li').length > 0,
          undefined,
          { timeout: 30_000 },
        );
        const after = (await page.evaluate(() => window.__paints ?? [])) as Paint[];
        // No later paint was larger: the largest contentful paint is still the one before any script ran.
        expect(after[after.length - 1], JSON.stringify(after)).toEqual(early);
        expect(await page.evaluate(() => window.__shift ?? 0)).toBeLessThanOrEqual(0.01);
        expect(await page.locator('#root[data-prerendered]').count()).toBe(0);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Alle producten');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the wizard paints its first step from the HTML (docs/decisions/0086)', () => {
  const HELP = 'Voor de klant op maat gemaakt: de klant kan deze bestelling niet herroepen.';
  for (const viewport of [LAPTOP, TABLET, PHONE]) {
    it(`shows the first step's fields, disabled, before any script, then the wizard without a shift or a larger paint (${viewport.width} wide)`, async () => {
      const { page, context, release, errors } = await signedInPage(viewport, 'hold');
      try {
        const loaded = startNavigation(page, '/product/add');
        await parsed(page);
        const firstPaint = page.locator('#first-paint [data-fp-path="/product/add"]');
        await expect(firstPaint.getByText(HELP).isVisible()).resolves.toBe(true);
        await expect(firstPaint.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(
          'Stap 1 van 4: Gegevens',
        );
        // Nothing to type into before the scripts run: the fields are there, disabled.
        expect(await page.locator('#first-paint :is(input, textarea):enabled').count()).toBe(0);
        expect(await page.locator('#first-paint :is(input, textarea):disabled').count()).toBeGreaterThan(3);
        expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
        const early = await largestPaintOf(page, ['Product toevoegen', HELP]);
        await screenshot(page, `first-paint-wizard-${viewport.width}`);
        await expectAccessible(page, `the wizard's first paint at ${viewport.width}`, { open: false });

        release();
        await loaded;
        await expectShellFor(page, WORKSHOP_ADMIN);
        await page.getByRole('button', { name: 'Volgende' }).waitFor();
        await page.waitForFunction(
          () =>
            document.getElementById('first-paint') === null && document.querySelector('[aria-busy="true"]') === null,
        );
        // Settle: the main categories arrive below the first screenful.
        await page.waitForTimeout(1000);
        const after = (await page.evaluate(() => window.__paints ?? [])) as Paint[];
        // No later paint was larger: the largest contentful paint is still the one before any script ran.
        expect(after[after.length - 1], JSON.stringify(after)).toEqual(early);
        const sources = await page.evaluate(() => (window as unknown as { __sources?: string[] }).__sources);
        expect(await page.evaluate(() => window.__shift ?? 0), JSON.stringify(sources)).toBeLessThanOrEqual(0.01);
        await expect(page.getByRole('textbox', { name: 'Naam' }).isEnabled()).resolves.toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe("an admin's home paints its welcome from the HTML (docs/decisions/0081)", () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`shows the welcome the home remembered before any script, then React's home without a shift (${viewport.width} wide)`, async () => {
      const { page, context, release, errors } = await signedInPage(viewport, 'hold');
      try {
        // openSignedIn opened the home: it remembered its welcome texts for the next first paint.
        await page.waitForFunction(() => localStorage.getItem('ateliermarkt.welcome') !== null);
        const loaded = startNavigation(page, '/');
        await parsed(page);
        const hero = await page.evaluate(() =>
          [...document.querySelectorAll('[data-fp-path="/"] h1, [data-fp-path="/"] p')]
            .filter((el) => el.checkVisibility())
            .map((el) => el.textContent),
        );
        expect(hero[0]).toBe('Welkom bij Ateliermarkt');
        expect(hero[1]).toMatch(/^Hallo .+!$/);
        expect(hero[2]).toMatch(/^Hier beheer je de producten, reserveringen en gebruikers van .+\.$/);
        const early = await largestPaintOf(
          page,
          hero.filter((text): text is string => text !== null),
        );
        await screenshot(page, `first-paint-home-welcome-${viewport.width}`);

        release();
        await loaded;
        await expectShellFor(page, WORKSHOP_ADMIN);
        await page.waitForFunction(() => document.getElementById('first-paint') === null);
        await page.getByText(hero[2] ?? '').waitFor();
        // Settle: the dashboard's figures arrive below the hero.
        await page.waitForTimeout(1500);
        const after = (await page.evaluate(() => window.__paints ?? [])) as Paint[];
        expect(after[after.length - 1], JSON.stringify(after)).toEqual(early);
        const sources = await page.evaluate(() => (window as unknown as { __sources?: string[] }).__sources);
        expect(await page.evaluate(() => window.__shift ?? 0), JSON.stringify(sources)).toBeLessThanOrEqual(0.01);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welkom bij Ateliermarkt');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('forgets the welcome at the log-out: the next first paint of the home has only its heading', async () => {
    const { page, context } = await openSignedIn(browser, WORKSHOP_ADMIN, PHONE);
    try {
      await page.waitForFunction(() => localStorage.getItem('ateliermarkt.welcome') !== null);
      await page
        .getByRole('banner')
        .getByRole('button', { name: new RegExp(WORKSHOP_ADMIN.fullName) })
        .click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Uitloggen' }).click();
      await page.getByRole('button', { name: 'Inloggen' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('ateliermarkt.welcome'))).toBeNull();
    } finally {
      await context.close();
    }
  });
});

describe("the theme's CSS variables and Mantine's global classes come from the HTML, once (docs/decisions/0097)", () => {
  /** Mantine's style elements, whether any is React's (inside the root), two of the theme's values and a class at a phone's width. */
  const themeStyles = (page: Page) =>
    page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      const probe = document.body.appendChild(document.createElement('div'));
      probe.className = 'mantine-visible-from-xs';
      const visibleFromXsHidden = getComputedStyle(probe).display === 'none';
      probe.remove();
      return {
        variables: document.querySelectorAll('style[data-mantine-styles="true"]').length,
        classes: document.querySelectorAll('style[data-mantine-styles="classes"]').length,
        insideReact:
          document.querySelector('#root style:is([data-mantine-styles="true"], [data-mantine-styles="classes"])') !==
          null,
        dimmed: root.getPropertyValue('--mantine-color-dimmed').trim(),
        primary: root.getPropertyValue('--mantine-color-terracotta-7').trim(),
        visibleFromXsHidden,
      };
    });
  const THEME = {
    variables: 1,
    classes: 1,
    insideReact: false,
    dimmed: '#6b6259',
    primary: '#8a4326',
    visibleFromXsHidden: true, // a phone is narrower than xs
  };

  it('on the log-in screen React has taken over, and on a signed-in screen', async () => {
    const { page, context } = await openPage(browser, PHONE);
    try {
      await page.goto(`${origin(page)}/`);
      // The workshop picker is React's, lazy: once it shows, the prerendered form is hydrated.
      await page.getByRole('combobox', { name: 'Atelier' }).waitFor();
      expect(await themeStyles(page)).toEqual(THEME);
    } finally {
      await context.close();
    }
    const signedIn = await openSignedIn(browser, WORKSHOP_ADMIN, PHONE);
    try {
      await signedIn.page.goto(`${origin(signedIn.page)}/products`);
      await expectShellFor(signedIn.page, WORKSHOP_ADMIN);
      await signedIn.page.waitForFunction(() => document.getElementById('first-paint') === null);
      expect(await themeStyles(signedIn.page)).toEqual(THEME);
    } finally {
      await signedIn.context.close();
    }
  });
});
