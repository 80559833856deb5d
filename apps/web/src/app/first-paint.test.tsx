import { STORAGE_KEYS, WEB_BOOT_SCRIPT, WEB_PUBLIC_PATHS, WEB_WELCOME_SCRIPT } from '@ateliermarkt/contract';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { firstPaintScreenRules, renderFirstScreen, renderSignedInFirstPaint } from '../prerender.tsx';
import { AppRoot } from './app-root.tsx';
import { FIRST_PAINT_ID, FIRST_PAINT_MAIN } from './first-paint-ids.ts';
import { PUBLIC_PATHS } from './public-paths.ts';

/** Runs index.html's boot script with this storage and address; the attributes it wrote on <html>. */
function bootAttributes(stored: Record<string, string>, pathname: string, search = ''): Record<string, string> {
  const storage = { getItem: (key: string) => stored[key] ?? null };
  const written: Record<string, string> = {};
  const html = {
    setAttribute: (name: string, value: string) => {
      written[name] = value;
    },
  };
  new Function('localStorage', 'location', 'document', WEB_BOOT_SCRIPT)(
    storage,
    { pathname, search },
    { documentElement: html },
  );
  return written;
}

/** True when the boot script marked the page as the app's (the prerendered log-in form hidden). */
const bootMarksApp = (stored: Record<string, string>, pathname: string) =>
  bootAttributes(stored, pathname)['data-boot'] === 'app';

describe("index.html's boot script", () => {
  const session = { [STORAGE_KEYS.token]: 'abc', [STORAGE_KEYS.expiry]: String(Date.UTC(2026, 10, 27)) };

  it('leaves the prerendered log-in screen for a first visit without a session', () => {
    expect(bootMarksApp({}, '/')).toBe(false);
    expect(bootMarksApp({}, '/products')).toBe(false);
    expect(bootMarksApp({ [STORAGE_KEYS.tenantId]: 'x' }, '/')).toBe(false);
    // What the session store does not take for a session (session.ts readStored) is none here either.
    expect(bootMarksApp({ [STORAGE_KEYS.token]: 'abc' }, '/')).toBe(false);
    expect(bootMarksApp({ [STORAGE_KEYS.token]: 'abc', [STORAGE_KEYS.expiry]: 'x' }, '/')).toBe(false);
  });

  it('hides it for a session and at the addresses that open without one', () => {
    expect(bootMarksApp(session, '/')).toBe(true);
    expect(bootMarksApp(session, '/products')).toBe(true);
    expect(bootMarksApp({}, '/resetPassword')).toBe(true);
    expect(bootMarksApp({}, '/resetpassword/')).toBe(true);
    expect(bootMarksApp({}, '/dit-was-ik-niet')).toBe(true);
  });

  it('writes the address of a page opened with a session for its first paint, lower case, a query as `?`', () => {
    expect(bootAttributes(session, '/')).toEqual({ 'data-boot': 'app', 'data-path': '/' });
    expect(bootAttributes(session, '/Products/')['data-path']).toBe('/products');
    expect(bootAttributes(session, '/reservations', '?tab=closed')['data-path']).toBe('/reservations?');
    expect(bootAttributes(session, '/reservations', '?')['data-path']).toBe('/reservations');
    // No first paint of the shell without a session, nor at an address that opens without one.
    expect(bootAttributes({}, '/products')).toEqual({});
    expect(bootAttributes(session, '/resetPassword')).toEqual({ 'data-boot': 'app' });
  });

  it("knows the web app's public addresses", () => {
    expect([...WEB_PUBLIC_PATHS]).toEqual([...PUBLIC_PATHS]);
  });
});

describe('the prerendered log-in screen', () => {
  // hydrateRoot itself rather than testing-library's render, which sets this for its own roots.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // The hydrated log-in screen fetches the router, the shell and the home screen in the background (boot.tsx):
  // let those imports finish before the environment goes.
  afterAll(async () => {
    await Promise.all([import('./app-router.tsx'), import('./shell/shell.tsx'), import('./pages/home-page.tsx')]);
  });

  // The hydrated roots are not testing-library's, so its clean-up does not unmount them: a live AppRoot would keep
  // listening for Mantine's modal and notification events in the next tests of the worker and open each twice.
  const hydrated: Root[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => {
      for (const root of hydrated.splice(0)) root.unmount();
    });
    document.body.replaceChildren();
  });

  async function hydrateFirstScreen() {
    const html = await renderFirstScreen();
    const root = document.createElement('div');
    root.innerHTML = html;
    document.body.append(root);
    const heading = root.querySelector('h1');
    const recoverable: unknown[] = [];
    const consoleErrors = vi.spyOn(console, 'error');
    await act(async () => {
      hydrated.push(hydrateRoot(root, <AppRoot />, { onRecoverableError: (error) => recoverable.push(error) }));
    });
    const mismatches = consoleErrors.mock.calls
      .map((call) => call.map(String).join(' '))
      .filter((m) => /hydrat/i.test(m));
    return { html, root, heading, recoverable, mismatches };
  }

  it('is the form with its heading, and no script', async () => {
    const html = await renderFirstScreen();
    expect(html).toContain('>Ateliermarkt</h1>');
    expect(html).toContain('aria-label="Inloggen"');
    expect(html).toContain('E-mailadres of gebruikersnaam');
    expect(html).not.toContain('<script');
  });

  it('is taken over by React as it is: no mismatch, the same elements', async () => {
    const { root, heading, recoverable, mismatches } = await hydrateFirstScreen();
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
    expect(root.querySelector('h1')).toBe(heading);
  });

  it('is taken over as it is when a workshop was remembered (the picker shows it after hydrating)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.tenantId, 'a-remembered-workshop');
    const { recoverable, mismatches } = await hydrateFirstScreen();
    expect(recoverable).toEqual([]);
    expect(mismatches).toEqual([]);
  });
});

describe('the prerendered signed-in first paint', () => {
  it("has the shell's header and each main screen's heading, nothing of a user, and no script", async () => {
    const html = await renderSignedInFirstPaint();
    const holder = document.createElement('div');
    holder.innerHTML = html;
    const painted = holder.firstElementChild;
    expect(painted?.id).toBe(FIRST_PAINT_ID);
    expect(painted?.querySelector('header')?.textContent).toBe('Ateliermarkt');
    const headings = Object.fromEntries(
      [...holder.querySelectorAll('[data-fp-path]')].map((el) => [
        el.getAttribute('data-fp-path'),
        [el.querySelector('h1')?.textContent, el.querySelector('p:not([data-fp-welcome])')?.textContent ?? null],
      ]),
    );
    expect(headings).toEqual({
      '/': ['Welkom bij Ateliermarkt', null],
      '/products': ['Alle producten', 'Bekijk, zoek en beheer de producten van je atelier.'],
      '/reservations': ['Openstaande reserveringen', null],
      '/product/add': ['Product toevoegen', 'In vier stappen je product in de webshop.'],
      '/statements': [
        'Afrekeningen',
        'De betaalde reserveringen en ontvangen retouren van de maand, met btw, commissie en netto.',
      ],
    });
    // The screen's part, which the shell shows until the screen renders, holds every heading and the bars.
    expect(holder.querySelectorAll(`[${FIRST_PAINT_MAIN}] [data-fp-path]`)).toHaveLength(5);
    expect(html).not.toContain('<script');
    // The welcome script (in the home's hero) may let the browser paint what is above it before it runs: every other
    // screen's heading is above it, so it paints in one frame with the header.
    const order = [...holder.querySelectorAll('[data-fp-path]')].map((el) => el.getAttribute('data-fp-path'));
    expect(order.at(-1)).toBe('/');
    // The wizard's first step as it first renders (its help texts are larger than its heading on a phone), with
    // nothing to type into before the scripts run.
    const wizard = holder.querySelector('[data-fp-path="/product/add"]');
    expect(wizard?.textContent).toContain(
      'Voor de klant op maat gemaakt: de klant kan deze bestelling niet herroepen.',
    );
    expect(wizard?.querySelector('h2')?.textContent).toBe('Stap 1 van 4: Gegevens');
    expect(wizard?.querySelector('fieldset')?.disabled).toBe(true);
  });

  it("shows one heading per address (the style rules of the boot script's data-path)", () => {
    const rules = firstPaintScreenRules().split('\n');
    expect(rules).toHaveLength(5);
    expect(rules).toContain('html[data-path="/products"] [data-fp-path="/products"]{display:block}');
  });
});

describe("index.html's welcome script", () => {
  const welcome = {
    hello: 'Hallo Anna!',
    intro: 'Hier beheer je de producten, reserveringen en gebruikers van De Draaischijf.',
  };

  function reset() {
    document.body.replaceChildren();
    document.documentElement.removeAttribute('data-path');
    document.documentElement.removeAttribute('data-welcome');
    window.localStorage.clear();
  }
  afterEach(reset);

  /** The first paint as index.html has it, the boot script's data-path, then the welcome script as it runs there. */
  async function paintWith(dataPath: string | null, stored: string | null) {
    reset();
    document.body.innerHTML = await renderSignedInFirstPaint();
    if (dataPath !== null) document.documentElement.setAttribute('data-path', dataPath);
    if (stored !== null) window.localStorage.setItem(STORAGE_KEYS.welcome, stored);
    new Function(WEB_WELCOME_SCRIPT)();
    const text = (name: string) => document.querySelector(`[data-fp-welcome="${name}"]`)?.textContent;
    return {
      hello: text('hello'),
      intro: text('intro'),
      marked: document.documentElement.hasAttribute('data-welcome'),
    };
  }

  it("writes an admin's remembered welcome into the home's hero and marks the page to show it", async () => {
    expect(await paintWith('/', JSON.stringify(welcome))).toEqual({ ...welcome, marked: true });
    // Inside the screen's part: the shell's copy of the first paint keeps them until the home renders its own.
    expect(document.querySelectorAll(`[${FIRST_PAINT_MAIN}] [data-fp-path="/"] [data-fp-welcome]`)).toHaveLength(2);
  });

  it('writes nothing at another address, without a session (no data-path), or from something else in storage', async () => {
    const nothing = { hello: '', intro: '', marked: false };
    expect(await paintWith('/products', JSON.stringify(welcome))).toEqual(nothing);
    expect(await paintWith(null, JSON.stringify(welcome))).toEqual(nothing);
    expect(await paintWith('/', null)).toEqual(nothing);
    expect(await paintWith('/', '{niet')).toEqual(nothing);
    expect(await paintWith('/', JSON.stringify({ hello: 1, intro: 'x' }))).toEqual(nothing);
  });
});
