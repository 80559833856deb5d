import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodeOfPdf } from '../apps/api/src/test/pdf-qr.ts';
import {
  baseUrl,
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  openPage,
  PHONE,
  resize,
  screenshot,
} from './support/browser.ts';
import { typeLogIn, WORKSHOP_ADMIN } from './support/login.ts';
import { paidPickupReservation } from './support/pickup.ts';
import { workshopAdminToken } from './support/shop-orders.ts';

/**
 * Scan to hand over, end to end: a paid pick-up reservation's slip is downloaded and its QR code decoded;
 * the link opened without a session shows the log-in, which returns to the link; the workshop admin hands it over
 * with the one button, and the screen then says when and by whom (also after a reload, as a second scan would).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** The link in the QR code of the reservation's pick-up slip, as the admin downloads it. */
async function slipLink(token: string, id: string): Promise<string> {
  const slip = await fetch(`${baseUrl()}/api/files/pickup-slip?reservationId=${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(slip.status).toBe(200);
  return qrCodeOfPdf(new Uint8Array(await slip.arrayBuffer()));
}

describe('scan to hand over', () => {
  it("opens the slip's link on a phone, logs in, hands it over and then says by whom", async () => {
    const token = await workshopAdminToken();
    const { id, orderNumber } = await paidPickupReservation(browser, token, 'Bram Balie');
    const link = new URL(await slipLink(token, id));
    expect(link.pathname).toMatch(/^\/ophalen\/[\w-]{40,}$/);
    // The counter's phone, and the same screen on a laptop: the window made larger (`resize` in support/browser.ts).
    const sizes = [
      [PHONE, 'phone'],
      [LAPTOP, 'laptop'],
    ] as const;

    // Opened without a session: the log-in shows at the link, and after it the counter screen follows.
    const { page, errors } = await openPage(browser, PHONE, link.pathname);
    await typeLogIn(page, WORKSHOP_ADMIN);
    await page.getByRole('heading', { level: 1, name: 'Ophalen' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(link.pathname);
    await page.getByText(`Bestelnummer ${orderNumber}`).waitFor();
    await page.getByText('Bram Balie', { exact: true }).waitFor();
    await page.getByText('1 x Balievaas Bram Balie').waitFor();
    const button = page.getByRole('button', { name: 'Meegeven aan de klant' });
    await button.waitFor();
    for (const [viewport, label] of sizes) {
      await resize(page, viewport);
      // Large enough to hit at the counter on a phone.
      const box = await button.boundingBox();
      expect(box?.height ?? 0, label).toBeGreaterThanOrEqual(48);
      await expectAccessible(page, `pick-up screen (${label})`);
      await screenshot(page, `pickup-scan-${label}`);
    }

    await resize(page, PHONE);
    await button.click();
    // Right after the hand-over a confirmation, not 'al meegegeven'.
    const confirmed = page.getByRole('status').filter({ hasText: 'Meegegeven!' });
    await confirmed.getByText(/Meegegeven op \d{2}-\d{2}-\d{4} \d{2}:\d{2} uur door Marieke Jansen\./).waitFor();
    expect(await page.getByText('Deze reservering is al meegegeven').count()).toBe(0);
    const done = page.getByRole('status').filter({ hasText: 'Deze reservering is al meegegeven' });
    expect(await button.count()).toBe(0);
    for (const [viewport, label] of sizes) {
      await resize(page, viewport);
      await expectAccessible(page, `pick-up screen handed over (${label})`);
      await screenshot(page, `pickup-scan-${label}-done`);
    }

    // A second scan: the same answer, nothing to press.
    await page.reload();
    await done.getByText(/door Marieke Jansen/).waitFor();
    expect(await page.getByRole('button', { name: 'Meegeven aan de klant' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
