import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/test/outbox.ts';
import { qrCodeOfPdf } from '../apps/api/src/test/pdf-qr.ts';
import { baseUrl, expectAccessible, LAPTOP, launch, openPage, screenshot, type Viewport } from './support/browser.ts';
import { typeLogIn, WORKSHOP_ADMIN } from './support/login.ts';
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
  await browser?.close();
});

const PHONE: Viewport = { width: 390, height: 844 };

/** A new reservation of De Draaischijf to be picked up, approved by the admin and paid by the customer. */
async function paidPickupReservation(token: string, customer: string) {
  // Its own unique product, to be picked up, so the demo's products other tests order from stay as they are.
  const as = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const categories = (await (await fetch(`${baseUrl()}/api/categories/all`, { headers: as })).json()) as {
    id: string;
  }[];
  const created = await fetch(`${baseUrl()}/api/products`, {
    method: 'POST',
    headers: as,
    body: JSON.stringify({
      name: `Balievaas ${customer}`,
      description: 'Gedraaid op de schijf.',
      extraInformation: '',
      material: 'Klei',
      isUniqueEdition: true,
      categories: [{ id: categories[0]?.id }],
      customCategories: [],
      price: 35,
      weight: 500,
      length: 10,
      width: 10,
      height: 20,
      deliveryMethods: [{ id: 1 }],
      images: [],
      authorName: 'Marieke',
      authorDescription: 'Draait al twintig jaar.',
      authorImage: null,
    }),
  });
  expect(created.ok).toBe(true);
  const productId = ((await created.json()) as { id: string }).id;
  const published = await fetch(`${baseUrl()}/api/products/${productId}/publish-status`, {
    method: 'POST',
    headers: as,
    body: JSON.stringify({ id: productId, isPublished: true }),
  });
  expect(published.ok).toBe(true);
  const placed = await fetch(`${baseUrl()}/api/shop/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: customer,
      email: 'balie@example.nl',
      street: 'Stroomweg',
      streetNumber: '14',
      zipCode: '3511 AB',
      city: 'Utrecht',
      deliveryMethodId: 1,
      products: [{ productId, quantity: 1 }],
    }),
  });
  expect(placed.status).toBe(201);
  const { id, orderNumber } = (await placed.json()) as { id: string; orderNumber: string };
  const confirm = await fetch(`${baseUrl()}/api/reservations/${id}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(confirm.status).toBe(204);
  const approvalMail = () =>
    readOutbox(inject('dataDir')).find((m) => m.subject.includes(orderNumber) && m.text.includes('/betalen/'));
  await expect.poll(approvalMail).toBeTruthy();
  const payLink = /https?:\/\/\S+\/betalen\/[\w-]+/.exec(approvalMail()?.text ?? '')?.[0] ?? '';
  const { page: shop, context } = await openPage(browser, LAPTOP, new URL(payLink).pathname);
  await shop.getByRole('button', { name: /^Betaal €/ }).click();
  await shop.getByText('Dank je wel!').waitFor();
  await context.close();
  return { id, orderNumber };
}

/** The link in the QR code of the reservation's pick-up slip, as the admin downloads it. */
async function slipLink(token: string, id: string): Promise<string> {
  const slip = await fetch(`${baseUrl()}/api/files/pickup-slip?reservationId=${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(slip.status).toBe(200);
  return qrCodeOfPdf(new Uint8Array(await slip.arrayBuffer()));
}

describe('scan to hand over', () => {
  for (const [viewport, label] of [
    [PHONE, 'phone'],
    [LAPTOP, 'laptop'],
  ] as const) {
    it(`opens the slip's link, logs in, hands it over and then says by whom (${label})`, async () => {
      const token = await workshopAdminToken();
      const { id, orderNumber } = await paidPickupReservation(token, `Bram Balie ${label}`);
      const link = new URL(await slipLink(token, id));
      expect(link.pathname).toMatch(/^\/ophalen\/[\w-]{40,}$/);

      // Opened without a session: the log-in shows at the link, and after it the counter screen follows.
      const { page, errors } = await openPage(browser, viewport, link.pathname);
      await typeLogIn(page, WORKSHOP_ADMIN);
      await page.getByRole('heading', { level: 1, name: 'Ophalen' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(link.pathname);
      await page.getByText(`Bestelnummer ${orderNumber}`).waitFor();
      await page.getByText(`Bram Balie ${label}`, { exact: true }).waitFor();
      await page.getByText(`1 x Balievaas Bram Balie ${label}`).waitFor();
      const button = page.getByRole('button', { name: 'Meegeven aan de klant' });
      await button.waitFor();
      // Large enough to hit at the counter on a phone.
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
      await expectAccessible(page, `pick-up screen (${label})`);
      await screenshot(page, `pickup-scan-${label}`);

      await button.click();
      // Right after the hand-over a confirmation, not 'al meegegeven'.
      const confirmed = page.getByRole('status').filter({ hasText: 'Meegegeven!' });
      await confirmed.getByText(/Meegegeven op \d{2}-\d{2}-\d{4} \d{2}:\d{2} uur door Marieke Jansen\./).waitFor();
      expect(await page.getByText('Deze reservering is al meegegeven').count()).toBe(0);
      const done = page.getByRole('status').filter({ hasText: 'Deze reservering is al meegegeven' });
      expect(await button.count()).toBe(0);
      await expectAccessible(page, `pick-up screen handed over (${label})`);
      await screenshot(page, `pickup-scan-${label}-done`);

      // A second scan: the same answer, nothing to press.
      await page.reload();
      await done.getByText(/door Marieke Jansen/).waitFor();
      expect(await page.getByRole('button', { name: 'Meegeven aan de klant' }).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});
