import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, readOutbox } from '../apps/api/src/test/outbox.ts';
import { closeContexts, dataDir, expectAccessible, launch, openPage, screenshot } from './support/browser.ts';
import { chooseWorkshop, expectShellFor, typeLogIn } from './support/login.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

const ROLE = {
  label: 'reset',
  workshop: 'Glasatelier Helder',
  user: 'medewerker@glasatelierhelder.nl',
  fullName: 'Daan Visser',
  kind: 'user',
};

describe('forgotten password', () => {
  it('resets the password from the mailed link', async () => {
    const { page, context } = await openPage(browser);
    await chooseWorkshop(page, ROLE.workshop);
    await page.getByRole('button', { name: 'Wachtwoord vergeten?' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const email = dialog.getByRole('textbox', { name: /e-mail/i });
    await email.fill('');
    const send = dialog.getByRole('button', { name: /versturen|verstuur|aanvragen/i });
    expect(await send.isDisabled()).toBe(true);
    await email.fill(ROLE.user);
    expect(await send.isDisabled()).toBe(false);
    await expectAccessible(page, 'forgot-password dialog');
    await screenshot(page, 'forgot-password');
    const before = readOutbox(dataDir()).length;
    await send.click();
    await dialog.getByText(/Als dit e-mailadres bij ons bekend is/).waitFor();

    await expect.poll(() => readOutbox(dataDir()).length).toBe(before + 1);
    const mail = readOutbox(dataDir()).at(-1);
    if (!mail) throw new Error('no mail');
    expect(mail.to).toBe(ROLE.user);
    const link = linkIn(mail);
    await context.close();

    // Open the link in a fresh browser, as from the mail program.
    const fresh = await openPage(browser, undefined, `${link.pathname}${link.search}`);
    const p = fresh.page;
    await p.getByLabel('Nieuw wachtwoord', { exact: true }).waitFor();
    await p.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Glas2026!nieuw');
    await p.getByLabel('Herhaal nieuw wachtwoord').fill('Glas2026!anders');
    await p.getByRole('button', { name: /opslaan|wijzigen|instellen/i }).click();
    await p.getByText('De wachtwoorden komen niet overeen').waitFor();
    await expectAccessible(p, 'reset password form');
    await p.getByLabel('Herhaal nieuw wachtwoord').fill('Glas2026!nieuw');
    await p.getByRole('button', { name: /opslaan|wijzigen|instellen/i }).click();
    await p.getByText('Je wachtwoord is veranderd.').waitFor();
    await screenshot(p, 'reset-password-done');
    await fresh.context.close();

    const again = await openPage(browser);
    await typeLogIn(again.page, ROLE, 'Glas2026!nieuw');
    await expectShellFor(again.page, ROLE);
    await again.context.close();
  });

  it('a link without its parameters shows the failure at once', async () => {
    const { page, context } = await openPage(browser, undefined, '/resetPassword?code=abc');
    await page.getByText('Je wachtwoord kon niet worden veranderd...').waitFor();
    await expectAccessible(page, 'reset password failure');
    await context.close();
  });
});
