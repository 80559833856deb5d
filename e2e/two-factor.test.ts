import { MESSAGES } from '@ateliermarkt/contract';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  DEMO_PASSWORD,
  expectAccessible,
  LAPTOP,
  launch,
  openPage,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { type DemoRole, expectShellFor, typeLogIn } from './support/login.ts';
import { settled } from './support/settled.ts';

/**
 * Setting up two-factor log-in on 'Beveiliging', logging in with it, and 'Mijn sessies', at 1366×768 and
 * 390×844 with axe. A user no other browser test logs in as, so their log-ins stay one step.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

const ROLE: DemoRole = {
  label: 'two-factor',
  workshop: 'Wolwerk Textielstudio',
  user: 'medewerker@wolwerk.nl',
  fullName: 'Lucas de Boer',
  kind: 'user',
};
/** A code for `offset` periods from now: each code works once, so every use takes the next one. */
const codeAt = (secret: string, offset: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

async function fitsAndIsAccessible(page: Page, label: string) {
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), label).toBe(true);
  await expectAccessible(page, label);
}

async function openSecurity(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: new RegExp(ROLE.fullName) })
    .click();
  await page.getByRole('menuitem', { name: 'Beveiliging' }).click();
  await page.getByRole('heading', { name: 'Beveiliging', level: 1 }).waitFor();
}

describe('two-factor log-in and my sessions', () => {
  it('is set up on Beveiliging, asked at the next log-in, and the sessions can be ended', async () => {
    const first = await openPage(browser, LAPTOP);
    await typeLogIn(first.page, ROLE);
    await expectShellFor(first.page, ROLE);
    await openSecurity(first.page);
    await first.page.getByRole('list', { name: 'Mijn sessies' }).getByText('Deze sessie').waitFor();
    await fitsAndIsAccessible(first.page, 'security page');
    await screenshot(first.page, 'security-laptop');

    // Set up: the password first, then the QR code and the secret, then the first code.
    await first.page.getByRole('button', { name: 'Tweestapsverificatie instellen' }).click();
    await first.page.getByRole('dialog').getByLabel(MESSAGES.reconfirmPasswordLabel).fill(DEMO_PASSWORD);
    await first.page.getByRole('button', { name: MESSAGES.reconfirmSubmit }).click();
    await first.page.getByRole('img', { name: 'QR-code voor je authenticator-app' }).waitFor();
    const secret = (await first.page.locator('pre').first().innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await fitsAndIsAccessible(first.page, 'two-factor set-up');
    await screenshot(first.page, 'two-factor-setup-laptop');
    await first.page.getByLabel(MESSAGES.twoFactorCodeLabel).fill(await codeAt(secret, 0));
    await first.page.getByRole('button', { name: MESSAGES.twoFactorEnableSubmit }).click();
    await first.page.getByText(MESSAGES.recoveryCodesTitle).waitFor();
    await fitsAndIsAccessible(first.page, 'recovery codes');
    await screenshot(first.page, 'two-factor-recovery-codes');
    await first.page.getByRole('button', { name: MESSAGES.recoveryCodesContinue }).click();
    await first.page.getByText(MESSAGES.twoFactorOn, { exact: true }).waitFor();

    // The next log-in, on a phone: the password, then the code.
    const second = await openPage(browser, PHONE);
    await typeLogIn(second.page, ROLE);
    await second.page.getByRole('heading', { name: MESSAGES.twoFactorTitle }).waitFor();
    // The second step replaces the first: the password field is gone.
    expect(await second.page.getByLabel('Wachtwoord', { exact: true }).isVisible()).toBe(false);
    await fitsAndIsAccessible(second.page, 'second log-in step on a phone');
    await screenshot(second.page, 'two-factor-login-phone');
    await second.page.getByLabel(MESSAGES.twoFactorCodeLabel).fill('000000');
    await second.page.getByRole('button', { name: MESSAGES.twoFactorSubmit }).click();
    await second.page.getByText(MESSAGES.twoFactorCodeInvalid).waitFor();
    await second.page.getByLabel(MESSAGES.twoFactorCodeLabel).fill(await codeAt(secret, 1));
    await second.page.getByRole('button', { name: MESSAGES.twoFactorSubmit }).click();
    await expectShellFor(second.page, ROLE);

    // 'Mijn sessies' on the phone: two sessions; the laptop's is ended from here.
    await second.page.goto(`${new URL(second.page.url()).origin}/profile/security`);
    const list = second.page.getByRole('list', { name: 'Mijn sessies' });
    await list.getByText('Deze sessie').waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await fitsAndIsAccessible(second.page, 'my sessions on a phone');
    await screenshot(second.page, 'my-sessions-phone');
    await list
      .getByRole('listitem')
      .filter({ hasNot: second.page.getByText('Deze sessie') })
      .getByRole('button', { name: /^Uitloggen/ })
      .click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    // The laptop's session has ended: its next request leads to the log-in.
    await first.page.reload();
    await first.page.getByRole('button', { name: 'Inloggen' }).waitFor();

    // Switched off again with the password (this user's other tests log in with one step).
    await second.page.getByRole('button', { name: MESSAGES.twoFactorDisableSubmit }).click();
    await second.page.getByRole('dialog').getByLabel(MESSAGES.reconfirmPasswordLabel).fill(DEMO_PASSWORD);
    await second.page.getByRole('button', { name: MESSAGES.reconfirmSubmit }).click();
    await second.page.getByText(MESSAGES.twoFactorOff, { exact: true }).waitFor();
    await first.context.close();
    await second.context.close();
  });
});
