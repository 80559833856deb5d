import { formatEuro, MESSAGES, type Reservation, reservationTotals } from '@ateliermarkt/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readOutbox } from '../apps/api/src/test/outbox.ts';
import { baseUrl, expectAccessible, LAPTOP, launch, openPage, screenshot, type Viewport } from './support/browser.ts';
import { apiAs } from './support/content-api.ts';
import { expectShellFor, logIn, WORKSHOP_ADMIN } from './support/login.ts';
import { expectFitsViewport } from './support/settled.ts';

/**
 * Issue 16.2 in the browser: a workshop admin takes a product out of a reservation awaiting payment and sees the
 * recalculated total; the customer's new link shows the new amount, the old link says it was replaced.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE: Viewport = { width: 390, height: 844 };
type ShopList = { items: { id: string; isUniqueEdition: boolean; isSold: boolean }[] };

/** A reservation of two stock products of De Draaischijf (none unique, so no other reservation pauses), approved. */
async function approvedReservationOfTwo() {
  const list = (await (
    await fetch(`${baseUrl()}/api/shop/products?workspace=de-draaischijf&pageSize=50`)
  ).json()) as ShopList;
  const free = list.items.filter((p) => !p.isUniqueEdition && !p.isSold);
  const methods = new Map<string, number[]>();
  for (const p of free) {
    const detail = (await (await fetch(`${baseUrl()}/api/shop/products/${p.id}`)).json()) as {
      deliveryMethods: { id: number }[];
    };
    methods.set(
      p.id,
      detail.deliveryMethods.map((m) => m.id),
    );
  }
  const [a, b] = free;
  const common = (methods.get(a?.id ?? '') ?? []).find((m) => (methods.get(b?.id ?? '') ?? []).includes(m));
  if (!a || !b || common === undefined) throw new Error('the demo has no two stock products with a common delivery');
  const res = await fetch(`${baseUrl()}/api/shop/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Olga Offerte',
      email: 'olga.offerte@example.nl',
      street: 'Stroomweg',
      streetNumber: '14',
      zipCode: '3511 AB',
      city: 'Utrecht',
      deliveryMethodId: common,
      products: [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ],
    }),
  });
  expect(res.status).toBe(201);
  const placed = (await res.json()) as { id: string; orderNumber: string };
  const api = await apiAs(WORKSHOP_ADMIN.user, 'De Draaischijf');
  await api('POST', `reservations/${placed.id}/confirm`);
  return { ...placed, reservation: await api<Reservation>('GET', `reservations/${placed.id}`) };
}

const linkIn = (text: string | undefined) => /https?:\/\/\S+\/betalen\/[\w-]+/.exec(text ?? '')?.[0] ?? '';
function mailOf(subject: string) {
  return readOutbox(inject('dataDir')).find((m) => m.subject === subject);
}

async function bothSizes(page: Page, name: string, label: string) {
  await page.setViewportSize(LAPTOP);
  await expectAccessible(page, label);
  await screenshot(page, name);
  await page.setViewportSize(PHONE);
  await expectFitsViewport(page, label);
  await screenshot(page, `${name}-phone`);
}

describe('a quote that follows the edit', () => {
  it('shows the recalculated total after an edit, the new amount on the new link, and the old link replaced', async () => {
    const { id, orderNumber, reservation } = await approvedReservationOfTwo();
    await expect.poll(() => mailOf(`Je reservering is goedgekeurd (${orderNumber})`)).toBeTruthy();
    const oldLink = linkIn(mailOf(`Je reservering is goedgekeurd (${orderNumber})`)?.text);
    const [removed] = reservation.products;
    if (!removed) throw new Error('no product');
    const before = reservationTotals(reservation).total;
    const after = before - removed.price * removed.quantity;

    const { page, context, errors } = await openPage(browser);
    await logIn(page, WORKSHOP_ADMIN);
    await expectShellFor(page, WORKSHOP_ADMIN);
    await page.goto(`${baseUrl()}/reservations/${id}`);
    const dialog = page.getByRole('dialog', { name: `Reservering ${orderNumber}` });
    const total = dialog.getByRole('table', { name: 'Totaal van de bestelling' });
    await total.getByText(formatEuro(before)).waitFor();

    await dialog.getByRole('button', { name: `${removed.name} uit de reservering halen` }).click();
    await page.getByText(MESSAGES.requoteWarning).waitFor();
    await bothSizes(page, 'reservation-requote-confirm', 'confirming an edit that sends a new quote');
    await page.setViewportSize(LAPTOP);
    await page.getByRole('button', { name: 'Uit de reservering halen', exact: true }).click();
    await page.getByText(MESSAGES.reservationRequoted).waitFor();
    // The dialog's total follows the edit.
    await total.getByText(formatEuro(after)).waitFor();
    expect(await total.textContent()).not.toContain(removed.name);
    await bothSizes(page, 'reservation-requoted', 'the reservation after its quote changed');
    expect(errors).toEqual([]);

    // The customer's mail: one, with the new link; it shows and asks the new amount.
    const changed = `Je reservering is aangepast (${orderNumber})`;
    await expect.poll(() => mailOf(changed)).toBeTruthy();
    expect(readOutbox(inject('dataDir')).filter((m) => m.subject === changed)).toHaveLength(1);
    const newLink = linkIn(mailOf(changed)?.text);
    expect(newLink).not.toBe(oldLink);
    const shop = await context.newPage();
    await shop.setViewportSize(LAPTOP);
    await shop.goto(newLink);
    await shop.getByRole('button', { name: `Betaal ${formatEuro(after)}` }).waitFor();
    expect(await shop.getByRole('table').textContent()).not.toContain(removed.name);
    await bothSizes(shop, 'payment-page-requoted', 'the payment page with the new amount');

    // The old link says it was replaced and where to look, and offers no button.
    await shop.goto(oldLink);
    await shop.getByRole('heading', { name: MESSAGES.paymentLinkReplacedTitle }).waitFor();
    await shop.getByText(MESSAGES.paymentLinkReplaced).waitFor();
    expect(await shop.getByRole('button').count()).toBe(0);
    await bothSizes(shop, 'payment-link-replaced', 'a replaced payment link');
    await context.close();
  });
});
