import { STORAGE_KEYS, WEB_BOOT_SCRIPT, WEB_PUBLIC_PATHS } from '@ateliermarkt/contract';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { renderFirstScreen } from '../prerender.tsx';
import { AppRoot } from './app-root.tsx';
import { PUBLIC_PATHS } from './public-paths.ts';

/** Runs index.html's boot script with this storage and address; true when it marked the page as the app's. */
function bootMarksApp(stored: Record<string, string>, pathname: string): boolean {
  const storage = { getItem: (key: string) => stored[key] ?? null };
  const html = {
    marked: false,
    setAttribute: (name: string, value: string) => (html.marked = `${name}=${value}` === 'data-boot=app'),
  };
  new Function('localStorage', 'location', 'document', WEB_BOOT_SCRIPT)(
    storage,
    { pathname },
    { documentElement: html },
  );
  return html.marked;
}

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

  afterEach(() => {
    vi.restoreAllMocks();
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
      hydrateRoot(root, <AppRoot />, { onRecoverableError: (error) => recoverable.push(error) });
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
