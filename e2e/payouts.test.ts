/**
 * The payouts on the super admin's 'Afrekeningen': the section shows what the server's preview says
 * (the month over or not, the platform account missing or not, the number of transfers and their total, every
 * workshop left out with its reason), the download is offered only when there is a file to make; laptop and phone,
 * axe clean, screenshots.
 * The e2e server is shared, so the screen is checked against the server's own answer rather than fixed numbers.
 */
import { readFileSync } from 'node:fs';
import {
  formatEuro,
  fromCents,
  MESSAGES,
  PAYOUT_SKIP_REASON_TEXT,
  type PayoutPreview,
  STORAGE_KEYS,
} from '@ateliermarkt/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, closeContexts, expectAccessible, LAPTOP, launch, PHONE, screenshot } from './support/browser.ts';
import { demoPaidMonth } from './support/demo-month.ts';
import { openSignedIn, SUPER_ADMIN } from './support/login.ts';
import { expectFitsViewport, settled } from './support/settled.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function previewOf(page: Page, month: string): Promise<PayoutPreview> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  const res = await page.request.get(`${baseUrl()}/api/payouts?month=${month}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as PayoutPreview;
}

async function expectSectionMatches(page: Page, preview: PayoutPreview) {
  const section = page.getByRole('region', { name: MESSAGES.payoutsTitle });
  await section.getByRole('heading', { name: MESSAGES.payoutsSkippedTitle }).waitFor();
  await settled(page);
  const button = section.getByRole('button', { name: MESSAGES.payoutsDownload });
  const ready = preview.monthEnded && preview.platformAccount !== null && preview.numberOfTransfers > 0;
  expect(await button.isDisabled()).toBe(!ready);
  expect(await section.getByText(MESSAGES.payoutMonthNotOver).count()).toBe(preview.monthEnded ? 0 : 1);
  expect(await section.getByText(MESSAGES.payoutAccountMissing).count()).toBe(preview.platformAccount ? 0 : 1);
  if (preview.numberOfTransfers > 0) {
    await section
      .getByText(MESSAGES.payoutsSummary(preview.numberOfTransfers, formatEuro(fromCents(preview.totalCents))))
      .waitFor();
  }
  const skipped = section.getByRole('table', { name: MESSAGES.payoutsSkippedTitle });
  for (const s of preview.skipped) {
    const row = skipped.getByRole('row').filter({ hasText: s.workshopName });
    await row.getByText(PAYOUT_SKIP_REASON_TEXT[s.reason]).waitFor();
  }
  if (preview.skipped.length === 0) await section.getByText(MESSAGES.payoutsNoneSkipped).waitFor();
  return { button, ready };
}

describe("payouts on 'Afrekeningen'", () => {
  it('shows the preview of the month, who is left out and why, and downloads the bank file when there is one', async () => {
    const month = demoPaidMonth();
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, LAPTOP, `/statements?maand=${month}`);
    await page.getByRole('heading', { name: 'Afrekeningen' }).waitFor();
    const preview = await previewOf(page, month);
    // The demo's month has statements: a workshop is paid or listed as left out.
    expect(preview.transfers.length + preview.skipped.length).toBeGreaterThan(0);
    const { button, ready } = await expectSectionMatches(page, preview);
    await expectAccessible(page, 'afrekeningen with payouts');
    await expectFitsViewport(page, 'afrekeningen with payouts');
    await page.getByRole('region', { name: MESSAGES.payoutsTitle }).scrollIntoViewIfNeeded();
    await screenshot(page, 'payouts-laptop');

    if (ready) {
      const download = page.waitForEvent('download');
      await button.click();
      const done = await download;
      expect(done.suggestedFilename()).toBe(`uitbetalingen-${month}.xml`);
      const xml = readFileSync((await done.path()) ?? '', 'utf8');
      expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
      expect(xml).toContain(`<NbOfTxs>${preview.numberOfTransfers}</NbOfTxs>`);
      await page.getByText(MESSAGES.fileDownloaded).first().waitFor();
    }

    await page.setViewportSize(PHONE);
    await settled(page);
    await expectFitsViewport(page, 'afrekeningen with payouts, phone');
    await expectAccessible(page, 'afrekeningen with payouts, phone');
    await page.getByRole('region', { name: MESSAGES.payoutsTitle }).scrollIntoViewIfNeeded();
    await screenshot(page, 'payouts-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
