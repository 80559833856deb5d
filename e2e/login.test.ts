import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  openPage,
  resize,
  screenshot,
  TABLET,
} from './support/browser.ts';
import { type DemoRole, expectShellFor, PLAIN_USER, SUPER_ADMIN, typeLogIn, WORKSHOP_ADMIN } from './support/login.ts';
import { settled } from './support/settled.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

const NAV: Record<string, string[]> = {
  superAdmin: [
    'Home',
    'Contentbeheer',
    'Subcategorieën',
    'Alle beheerders',
    'Alle reserveringen',
    'Afrekeningen',
    'FAQ beheer',
    'FAQ webshop',
    "Webshop pagina's",
    'Uitgelichte producten',
    'Instellingen',
  ],
  workshopAdmin: ['Home', 'Reserveringen', 'Alle producten', 'Afrekeningen', 'Vraag & antwoord'],
  user: ['Home', 'Vraag & antwoord'],
};
const ALL_NAV = [...new Set(Object.values(NAV).flat())];

/** A navigation entry by its exact label; 'Reserveringen' may carry its badge ('Reserveringen 6 openstaand'). */
const navName = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\d+ openstaand)?$`);

describe('log-in screen', () => {
  it('looks finished on a laptop and a tablet, passes axe, and loads the signed-in app only when the form is started', async () => {
    const { page, context } = await openPage(browser, LAPTOP);
    await page.getByRole('button', { name: 'Inloggen' }).waitFor();
    expect(await page.title()).toBe('Welkom bij Ateliermarkt');
    // The tablet as the window made smaller (`resize` in support/browser.ts).
    for (const [name, viewport] of [
      ['laptop', LAPTOP],
      ['tablet', TABLET],
    ] as const) {
      await resize(page, viewport);
      await expectAccessible(page, `log-in (${name})`);
      await screenshot(page, `login-${name}`);
    }

    // Settled, with its workshop picker and notifications there, the screen has not loaded the signed-in app's
    // shared chunk or its stylesheet (long tasks on a phone, and a shift of the form when those styles applied). Once
    // someone starts on the form, the router, the shell and the home are downloaded, still not run nor styled.
    const signedInApp = async () =>
      (
        await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname))
      ).filter((file) => /\/assets\/(signed-in|app-router|shell)-/.test(file));
    const signedInStyles = () =>
      page.evaluate(
        () => [...document.styleSheets].filter((sheet) => sheet.href?.includes('/assets/signed-in-')).length,
      );
    await page.getByRole('combobox', { name: 'Atelier' }).waitFor();
    await settled(page);
    expect(await signedInApp()).toEqual([]);
    await page.getByLabel('E-mailadres of gebruikersnaam').focus();
    await expect.poll(async () => (await signedInApp()).length).toBeGreaterThanOrEqual(4);
    await settled(page);
    expect(await signedInStyles()).toBe(0);
    await context.close();
  });

  it('shows the error block for wrong log-in details', async () => {
    const { page, context } = await openPage(browser);
    await typeLogIn(page, WORKSHOP_ADMIN, 'Verkeerd123!');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Oeps! Het volgende ging mis:');
    expect(await alert.textContent()).toContain('Onbekende logingegevens');
    await expectAccessible(page, 'log-in error');
    await context.close();
  });

  it('names the empty fields in Dutch', async () => {
    const { page, context } = await openPage(browser);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.getByText('De gebruikersnaam of het e-mailadres mag niet leeg zijn').waitFor();
    await page.getByText('Wachtwoord mag niet leeg zijn').waitFor();
    await context.close();
  });
});

describe.each([SUPER_ADMIN, WORKSHOP_ADMIN, PLAIN_USER])('$label', (role: DemoRole) => {
  it('logs in, sees its navigation and user menu, and logs out', async () => {
    const { page, context, errors } = await openPage(browser);
    await typeLogIn(page, role);
    await expectShellFor(page, role);
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await nav.waitFor();
    const expected = NAV[role.kind] ?? [];
    for (const label of expected) await nav.getByRole('link', { name: navName(label) }).waitFor();
    for (const label of ALL_NAV.filter((l) => !expected.includes(l))) {
      expect(await nav.getByRole('link', { name: navName(label) }).count(), label).toBe(0);
    }
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, `home of ${role.label}`);
    await screenshot(page, `home-${role.label}`);

    // Every navigation entry leads to a screen, never to a blank page.
    for (const label of expected.filter((l) => l !== 'Home')) {
      // The screen before stays while the next one's code loads (a navigation is a transition): wait for the address
      // and for a heading that is not the one before, or axe and its menus would look at the screen being left.
      const before = await page.getByRole('heading', { level: 1 }).first().textContent();
      const link = nav.getByRole('link', { name: navName(label) });
      const path = new URL((await link.getAttribute('href')) ?? '', page.url()).pathname;
      await link.click();
      await page.waitForURL((url) => url.pathname === path);
      await page.waitForFunction(
        (previous) => [...document.querySelectorAll('h1')].some((h) => h.textContent !== previous),
        before,
      );
      await settled(page);
      expect(await page.getByText('Niks gevonden. 404.').count(), label).toBe(0);
      await expectAccessible(page, `${label} as ${role.label}`);
    }

    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(role.fullName) })
      .click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Profiel wijzigen' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Wachtwoord wijzigen' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Atelier wijzigen' }).count()).toBe(
      role.kind === 'workshopAdmin' ? 1 : 0,
    );
    // The demo shop address is set for these tests: a published workshop links to its public page.
    expect(await menu.getByRole('menuitem', { name: 'Bekijk mijn atelier' }).count()).toBe(role.workshop ? 1 : 0);
    await screenshot(page, `user-menu-${role.label}`);
    await menu.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await page.getByRole('button', { name: 'Inloggen' }).waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('token')))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
