/**
 * 'Afrekeningen': the super admin's month overview (a row per workshop, totals, PDF per row, the Excel
 * file) and the workshop admin's own statement (lines, totals, PDF), on a laptop and a phone, axe clean.
 * The month chosen is the one of the demo's most recent payment (three days before the demo was seeded).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, PHONE, screenshot } from './support/browser.ts';
import { demoPaidMonth } from './support/demo-month.ts';
import { openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { settled } from './support/settled.ts';

const MONTH = demoPaidMonth();
const MONTH_NAME = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(`${MONTH}-01T12:00:00Z`),
);

const [y = 0, m = 1] = MONTH.split('-').map(Number);
const BEFORE = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
const BEFORE_NAME = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(`${BEFORE}-01T12:00:00Z`),
);

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function chooseMonth(page: Page, name: string) {
  const picker = page.getByRole('textbox', { name: 'Maand' }).or(page.getByRole('combobox', { name: 'Maand' }));
  await picker.first().click();
  await page.getByRole('option', { name }).click();
  await expect.poll(() => picker.first().inputValue()).toBe(name);
}

/** Opens the screen from the navigation and picks the month there: first the one before, then MONTH. */
async function openStatements(page: Page) {
  await page.getByRole('link', { name: 'Afrekeningen' }).first().click();
  await page.getByRole('heading', { name: 'Afrekeningen', level: 1 }).waitFor();
  await chooseMonth(page, BEFORE_NAME);
  await expect.poll(() => page.url()).toContain(`maand=${BEFORE}`);
  await chooseMonth(page, MONTH_NAME);
  await expect.poll(() => page.url()).toContain(`maand=${MONTH}`);
}

async function expectDownload(page: Page, button: RegExp | string, fileName: string, magic: string) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).first().click();
  const done = await download;
  expect(done.suggestedFilename()).toBe(fileName);
  expect(
    readFileSync((await done.path()) ?? '')
      .subarray(0, 4)
      .toString('hex'),
  ).toBe(magic);
  await page.getByText('Je bestand is gedownload!').first().waitFor();
}

const PDF = Buffer.from('%PDF').toString('hex');
const XLS = 'd0cf11e0';

describe("the super admin's 'Afrekeningen'", () => {
  it('a row per workshop with its amounts and PDF, the totals of the month, the Excel file', async () => {
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, LAPTOP);
    await openStatements(page);
    const row = page.getByRole('row').filter({ hasText: 'De Draaischijf' });
    await row.first().waitFor();
    const amounts = async () => ((await row.first().textContent()) ?? '').match(/€[\d.]+,\d\d/g)?.length ?? 0;
    await expect.poll(amounts).toBe(4);
    await page.getByRole('region', { name: `Totaal alle ateliers, ${MONTH_NAME}` }).waitFor();
    await expectAccessible(page, 'statements overview');
    await screenshot(page, 'statements-super-laptop');

    await expectDownload(page, 'PDF van De Draaischijf downloaden', `afrekening-de-draaischijf-${MONTH}.pdf`, PDF);
    await expectDownload(page, 'Download Excel', `afrekeningen-${MONTH}.xls`, XLS);
    expect(errors).toEqual([]);

    await page.setViewportSize(PHONE);
    await settled(page);
    await page.getByText('De Draaischijf').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, 'statements overview on a phone');
    await screenshot(page, 'statements-super-390');
    await context.close();
  });
});

describe("the workshop admin's own statement", () => {
  it('their lines (delivery costs too) and totals, and the PDF', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    await openStatements(page);
    await page.getByRole('row').filter({ hasText: 'Verzendkosten' }).first().waitFor();
    // Only their own workshop: no other workshop's name anywhere.
    expect(await page.getByText('Glasatelier Helder').count()).toBe(0);
    await page.getByRole('region', { name: `Totaal ${MONTH_NAME}` }).waitFor();
    await expectAccessible(page, 'own statement');
    await screenshot(page, 'statements-workshop-laptop');
    await expectDownload(page, 'Download PDF', `afrekening-de-draaischijf-${MONTH}.pdf`, PDF);
    expect(errors).toEqual([]);

    await page.setViewportSize(PHONE);
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, 'own statement on a phone');
    await screenshot(page, 'statements-workshop-390');
    await context.close();
  });
});
