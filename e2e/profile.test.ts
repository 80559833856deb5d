import { MESSAGES } from '@ateliermarkt/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, DEMO_PASSWORD, expectAccessible, launch, openPage, screenshot } from './support/browser.ts';
import { type DemoRole, expectShellFor, openSignedIn, typeLogIn } from './support/login.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

const ROLE: DemoRole = {
  label: 'profile',
  workshop: 'Wolwerk Textielstudio',
  user: 'beheer@wolwerk.nl',
  fullName: 'Fatima El Amrani',
  kind: 'workshopAdmin',
};

describe('own profile', () => {
  it('edits the profile and changes the password', async () => {
    const { page, context } = await openSignedIn(browser, ROLE);

    await page
      .getByRole('banner')
      .getByRole('button', { name: /Fatima El Amrani/ })
      .click();
    await page.getByRole('menuitem', { name: 'Profiel wijzigen' }).click();
    await page.getByLabel('Voornaam').waitFor();
    await page.getByLabel('E-mailadres').fill('geen-adres');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Het e-mailadres is onjuist geformatteerd (geen-adres)').waitFor();
    await page.getByLabel('E-mailadres').fill('fatima@wolwerk.nl');
    await page.getByLabel('Voornaam').fill('Fatiha');
    await expectAccessible(page, 'profile edit');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    // A new log-in e-mail address asks for the password first.
    await page.getByRole('dialog').getByLabel('Huidig wachtwoord').fill(DEMO_PASSWORD);
    await expectAccessible(page, 'password re-confirmation');
    await page.getByRole('button', { name: 'Bevestigen en opslaan' }).click();
    await page.getByText('Je profiel is opgeslagen').waitFor();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Fatiha El Amrani/ })
      .waitFor();
    await screenshot(page, 'profile-edit');

    await page
      .getByRole('banner')
      .getByRole('button', { name: /Fatiha El Amrani/ })
      .click();
    await page.getByRole('menuitem', { name: 'Wachtwoord wijzigen' }).click();
    await page.getByLabel('Huidig wachtwoord').fill('Fout!12345');
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Wol2026!sterk');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('Wol2026!sterk');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    // The server's refusal shows under the field it names, which gets the focus; no notice repeats it.
    await page.getByText(MESSAGES.currentPasswordWrong).waitFor();
    await page.getByLabel('Huidig wachtwoord').and(page.locator(':focus')).waitFor();
    expect(await page.getByText(MESSAGES.changePasswordFailed).count()).toBe(0);
    await screenshot(page, 'change-password-refused');
    await page.getByLabel('Huidig wachtwoord').fill(DEMO_PASSWORD);
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Wol2026!sterk');
    await page.getByLabel('Herhaal nieuw wachtwoord').fill('Wol2026!sterk');
    await expectAccessible(page, 'change password');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('Je nieuwe wachtwoord is opgeslagen').waitFor();
    await screenshot(page, 'change-password');
    await context.close();

    const again = await openPage(browser);
    await typeLogIn(again.page, { ...ROLE, fullName: 'Fatiha El Amrani' }, 'Wol2026!sterk');
    await expectShellFor(again.page, { ...ROLE, fullName: 'Fatiha El Amrani' });
    await again.context.close();
  });
});
