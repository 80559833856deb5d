import { STORAGE_KEYS, type TokenResponse, WORKSHOP_HEADER } from '@ateliermarkt/contract';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, DEMO_PASSWORD, LAPTOP, openPage, type Viewport } from './browser.ts';

export type DemoRole = { label: string; workshop: string | null; user: string; fullName: string; kind: string };

export const SUPER_ADMIN: DemoRole = {
  label: 'super-admin',
  workshop: null,
  user: 'admin@ateliermarkt.nl',
  fullName: 'Sanne de Vries',
  kind: 'superAdmin',
};
export const WORKSHOP_ADMIN: DemoRole = {
  label: 'workshop-admin',
  workshop: 'De Draaischijf',
  user: 'beheer@dedraaischijf.nl',
  fullName: 'Marieke Jansen',
  kind: 'workshopAdmin',
};
export const PLAIN_USER: DemoRole = {
  label: 'user',
  workshop: 'De Draaischijf',
  user: 'medewerker@dedraaischijf.nl',
  fullName: 'Tom Bakker',
  kind: 'user',
};

/** Chooses a workshop in the searchable picker by typing, as a person would. */
export async function chooseWorkshop(page: Page, workshop: string | null) {
  const picker = page.getByRole('combobox', { name: 'Atelier' });
  await picker.click();
  await picker.fill(workshop ? workshop.slice(0, 5) : 'Geen');
  await page.getByRole('option', { name: workshop ?? 'Geen atelier' }).click();
  await expect.poll(() => picker.inputValue()).toBe(workshop ?? 'Geen atelier');
}

/**
 * Logs in through the log-in screen, pressing Enter in the password field: for the tests that are about logging in
 * (the screen, wrong details, a second factor, a new password, returning where one was going). Every other test
 * uses `logIn`, which skips the typing.
 */
export async function typeLogIn(page: Page, role: DemoRole, password = DEMO_PASSWORD) {
  await chooseWorkshop(page, role.workshop);
  await page.getByLabel('E-mailadres of gebruikersnaam').fill(role.user);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByLabel('Wachtwoord', { exact: true }).press('Enter');
}

/** A session of `role` from the API itself, as the log-in screen would get it. */
async function apiSession(
  origin: string,
  role: DemoRole,
  password: string,
): Promise<{ tokens: TokenResponse; tenantId: string | null }> {
  let workshopId: string | null = null;
  if (role.workshop) {
    const res = await fetch(`${origin}/api/workspaces/available`);
    const workshops = (await res.json()) as { id: string; name: string }[];
    workshopId = workshops.find((t) => t.name === role.workshop)?.id ?? null;
    if (!workshopId) throw new Error(`Atelier ${role.workshop} niet gevonden`);
  }
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(workshopId ? { [WORKSHOP_HEADER]: workshopId } : {}) },
    body: JSON.stringify({ userNameOrEmailAddress: role.user, password }),
  });
  if (!res.ok) throw new Error(`Inloggen als ${role.user} mislukte: ${res.status} ${await res.text()}`);
  return { tokens: (await res.json()) as TokenResponse, tenantId: workshopId };
}

/**
 * A session of `role` from the server at `origin`, as the app keeps it in local storage
 * (apps/web/src/lib/session.ts): for a context's `storageState`.
 */
export async function sessionEntries(
  origin: string,
  role: DemoRole,
  password = DEMO_PASSWORD,
): Promise<{ name: string; value: string }[]> {
  const session = await apiSession(origin, role, password);
  return [
    { name: STORAGE_KEYS.token, value: session.tokens.auth_token },
    { name: STORAGE_KEYS.expiry, value: String(Date.now() + session.tokens.expires_in * 1000) },
    { name: STORAGE_KEYS.refreshToken, value: session.tokens.refresh_token },
    ...(session.tenantId ? [{ name: STORAGE_KEYS.tenantId, value: session.tenantId }] : []),
  ];
}

/**
 * Logs `role` in on a page that is open already, without the log-in screen: a session from the API is put in the
 * page's local storage, where the app keeps its own (apps/web/src/lib/session.ts), and the page is loaded again at the
 * address it is on. The page must be on the app (openPage puts it there); the session comes from the server it was
 * loaded from. A test that starts logged in uses `openSignedIn` instead: one page load instead of this one's two.
 */
export async function logIn(page: Page, role: DemoRole, password = DEMO_PASSWORD) {
  const entries = await sessionEntries(new URL(page.url()).origin, role, password);
  await page.evaluate(
    ({ entries, tenantKey: workshopKey }) => {
      if (!entries.some((e) => e.name === workshopKey)) localStorage.removeItem(workshopKey);
      for (const e of entries) localStorage.setItem(e.name, e.value);
    },
    { entries, tenantKey: STORAGE_KEYS.tenantId },
  );
  await page.reload();
}

/**
 * A fresh page at `path`, logged in as `role` from its first load: the session is in the page's local storage
 * before the app's first script runs, so the app opens straight on `path` in its shell — one page load where
 * `openPage`, `logIn` and a `goto` made three (the log-in screen, the app at '/', the app at `path`). Waits for the
 * shell.
 */
export async function openSignedIn(browser: Browser, role: DemoRole, viewport: Viewport = LAPTOP, path = '/') {
  const opened = await openPage(browser, viewport, path, await sessionEntries(baseUrl(), role));
  await expectShellFor(opened.page, role);
  return opened;
}

export async function expectShellFor(page: Page, role: DemoRole) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(role.fullName) })
    .waitFor();
}
