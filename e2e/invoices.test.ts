/**
 * 'Facturen': the super admin issues the fee invoices of a month that is over and downloads a PDF; a
 * workshop admin sees only its own; a plain user has no such screen. And the workshop's 'Bedrijfsgegevens' (issue
 * 23.1): wrong numbers give the Dutch messages, right ones save and come back. At 1366×768, 820×1180 and 390×844, axe
 * with the dialog open, by keyboard. The month is last month (relative to the server's clock, the same machine's):
 * the demo seeds a sale there (apps/api/src/seed/demo-reservations.ts), so it does not depend on today's date.
 */
import { readFileSync } from 'node:fs';
import { LEGAL_MESSAGES } from '@ateliermarkt/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  screenshot,
  TABLET,
  type Viewport,
} from './support/browser.ts';
import { openSignedIn, PLAIN_USER, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { expectFitsViewport, settled } from './support/settled.ts';

const [y = 0, m = 1] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' })
  .format(new Date())
  .split('-')
  .map(Number);
const LAST_MONTH = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
const LAST_MONTH_NAME = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(`${LAST_MONTH}-01T12:00:00Z`),
);
const NUMBER = /AM-\d{4}-\d{6}/;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** Opens 'Facturen' from the navigation (or `from` another link): last month is chosen without asking. */
async function openInvoices(page: Page, from = page.getByRole('link', { name: 'Facturen' }).first()) {
  await from.click();
  await page.getByRole('heading', { name: 'Facturen', level: 1 }).waitFor();
  const picker = page.getByRole('textbox', { name: 'Maand' }).or(page.getByRole('combobox', { name: 'Maand' }));
  await expect.poll(() => picker.first().inputValue()).toBe(LAST_MONTH_NAME);
}

const rows = (page: Page) => page.getByRole('row').filter({ hasText: NUMBER });

async function expectFits(page: Page, viewport: Viewport, label: string, name: string) {
  await page.setViewportSize(viewport);
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), label).toBe(true);
  await expectAccessible(page, label);
  await screenshot(page, name);
}

describe("the super admin's 'Facturen'", () => {
  it('issues last month (safe to repeat), lists each workshop, downloads a PDF, its UBL and the month zip', async () => {
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, LAPTOP);
    await openInvoices(page);

    // By keyboard: the button opens the confirmation; Escape closes it and nothing is issued.
    const issueButton = page.getByRole('button', { name: 'Facturen uitgeven' });
    await issueButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Facturen van ${LAST_MONTH_NAME} uitgeven?` });
    await dialog.waitFor();
    await settled(page);
    await expectAccessible(page, 'issue invoices dialog', { open: false });
    await screenshot(page, 'invoices-issue-dialog-laptop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Issue: the month-end job may have issued it already; either way the month's invoices are listed after.
    await issueButton.click();
    await dialog.getByRole('button', { name: 'Facturen uitgeven' }).click();
    await dialog.waitFor({ state: 'detached' });
    const outcome = page.getByRole('status').filter({ hasText: /uitgegeven over|Niets nieuws uitgegeven/ });
    await outcome.first().waitFor();
    await rows(page).filter({ hasText: 'De Draaischijf' }).first().waitFor();
    await rows(page).filter({ hasText: 'Glasatelier Helder' }).first().waitFor();
    const before = await rows(page).count();

    // Again: nothing new, nothing twice.
    await issueButton.click();
    await dialog.getByRole('button', { name: 'Facturen uitgeven' }).click();
    await page.getByRole('status').filter({ hasText: 'Niets nieuws uitgegeven' }).waitFor();
    expect(await rows(page).count()).toBe(before);
    await settled(page);
    await expectAccessible(page, 'invoices (super admin)');
    await screenshot(page, 'invoices-super-laptop');

    // The PDF: the stored document, as application/pdf.
    const row = rows(page).filter({ hasText: 'De Draaischijf' }).first();
    const number = ((await row.textContent()) ?? '').match(NUMBER)?.[0] ?? '';
    expect(number).toMatch(NUMBER);
    const response = page.waitForResponse((r) => r.url().includes('/api/files/invoice?'));
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: `PDF van factuur ${number} downloaden` }).click();
    expect((await response).headers()['content-type']).toBe('application/pdf');
    const done = await download;
    expect(done.suggestedFilename()).toBe(`${number}.pdf`);
    expect(
      readFileSync((await done.path()) ?? '')
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    await page.getByText('Je bestand is gedownload!').first().waitFor();

    // The same invoice as a UBL e-invoice, and the bookkeeper's zip of the month.
    const ublResponse = page.waitForResponse((r) => r.url().includes('/api/files/invoice?') && r.url().includes('ubl'));
    const ublDownload = page.waitForEvent('download');
    await row.getByRole('button', { name: `UBL van factuur ${number} downloaden` }).click();
    expect((await ublResponse).headers()['content-type']).toMatch(/^application\/xml/);
    const ubl = await ublDownload;
    expect(ubl.suggestedFilename()).toBe(`e-factuur-${number}.xml`);
    expect(readFileSync((await ubl.path()) ?? '', 'utf8')).toContain(`<cbc:ID>${number}</cbc:ID>`);
    const zipDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Zip voor de boekhouder' }).click();
    const zip = await zipDownload;
    expect(zip.suggestedFilename()).toMatch(/^facturen-\d{4}-\d{2}\.zip$/);
    expect(
      readFileSync((await zip.path()) ?? '')
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect(errors).toEqual([]);

    await expectFits(page, TABLET, 'invoices (super admin) on a tablet', 'invoices-super-820');
    await expectFits(page, PHONE, 'invoices (super admin) on a phone', 'invoices-super-390');
    await page.getByRole('button', { name: 'Facturen uitgeven' }).click();
    await dialog.waitFor();
    await settled(page);
    await expectAccessible(page, 'issue invoices dialog on a phone', { open: false });
    await screenshot(page, 'invoices-issue-dialog-390');
    await page.keyboard.press('Escape');
    await context.close();
  });
});

describe("the workshop admin's own invoices", () => {
  it('only its own, no issuing, beside its statement', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    // From its statement, where an owner looks for them (this month's statement: the invoices show last month).
    await page.getByRole('link', { name: 'Afrekeningen' }).first().click();
    await page.getByRole('heading', { name: 'Afrekeningen', level: 1 }).waitFor();
    await openInvoices(page, page.getByRole('main').getByRole('link', { name: 'Facturen', exact: true }));
    await rows(page).first().waitFor();
    expect(await page.getByText('Glasatelier Helder').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Facturen uitgeven' }).count()).toBe(0);
    await page.getByRole('link', { name: `afrekening van ${LAST_MONTH_NAME}` }).waitFor();
    await settled(page);
    await expectAccessible(page, 'own invoices');
    await screenshot(page, 'invoices-workshop-laptop');
    expect(errors).toEqual([]);
    await expectFits(page, TABLET, 'own invoices on a tablet', 'invoices-workshop-820');
    await expectFits(page, PHONE, 'own invoices on a phone', 'invoices-workshop-390');
    await context.close();
  });

  it('a plain user has no invoices in the menu', async () => {
    const { page, context } = await openSignedIn(browser, PLAIN_USER, LAPTOP);
    expect(await page.getByRole('link', { name: 'Facturen' }).count()).toBe(0);
    await context.close();
  });
});

describe("the workshop's 'Bedrijfsgegevens'", () => {
  it('refuses a wrong KVK number and BTW-id in Dutch, saves right ones and shows them again', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    const openForm = async () => {
      await page.getByRole('button', { name: new RegExp(WORKSHOP_ADMIN.fullName) }).click();
      await page.getByRole('menuitem', { name: 'Atelier wijzigen' }).click();
      await page.getByRole('heading', { name: 'Mijn atelier' }).waitFor();
      await page.getByRole('heading', { name: 'Bedrijfsgegevens' }).waitFor();
    };
    await openForm();
    await page.getByLabel('KVK-nummer').fill('1234');
    await page.getByLabel('Btw-identificatienummer').fill('NL123456789B01');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText(LEGAL_MESSAGES.kvkNumberInvalid).waitFor();
    await page.getByText(LEGAL_MESSAGES.vatIdChecksum).waitFor();
    await page.getByRole('heading', { name: 'Bedrijfsgegevens' }).scrollIntoViewIfNeeded();
    await settled(page);
    await expectAccessible(page, 'legal profile with errors');
    await screenshot(page, 'legal-profile-errors-laptop');

    // By keyboard: the corrected numbers typed into the fields, saved with Enter.
    await page.getByLabel('Statutaire naam').fill('De Draaischijf V.O.F.');
    await page.getByLabel('KVK-nummer').fill('3012 3456');
    await page.getByLabel('Btw-identificatienummer').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('nl 0000.99998.b57');
    await page.keyboard.press('Enter');
    await page.getByText('Het atelier is opgeslagen').waitFor();
    await openForm();
    await expect.poll(() => page.getByLabel('KVK-nummer').inputValue()).toBe('30123456');
    expect(await page.getByLabel('Btw-identificatienummer').inputValue()).toBe('NL000099998B57');
    expect(await page.getByLabel('Statutaire naam').inputValue()).toBe('De Draaischijf V.O.F.');
    expect(errors).toEqual([]);

    await page.setViewportSize(PHONE);
    await page.getByLabel('KVK-nummer').fill('12ab');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText(LEGAL_MESSAGES.kvkNumberInvalid).waitFor();
    await page.getByRole('heading', { name: 'Bedrijfsgegevens' }).scrollIntoViewIfNeeded();
    await expectFitsViewport(page, 'legal profile on a phone');
    await expectAccessible(page, 'legal profile on a phone');
    await screenshot(page, 'legal-profile-errors-390');
    await context.close();
  });
});
