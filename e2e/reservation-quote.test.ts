import { formatEuro, MESSAGES, type Reservation, reservationTotals } from '@ateliermarkt/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/api/src/test/outbox.ts';
import { closeContexts, dataDir, expectAccessible, LAPTOP, launch, PHONE, screenshot } from './support/browser.ts';
import { apiAs } from './support/content-api.ts';
import { openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';
import { expectFitsViewport } from './support/settled.ts';
import { placeShopOrder } from './support/shop-orders.ts';

/**
 * The quote that follows the edit, in the browser: a workshop admin changes the delivery of a reservation awaiting payment and sees the
 * recalculated total; the customer's new link shows the new amount, the old link says it was replaced.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** A new reservation of one stock product of De Draaischijf (see support/shop-orders.ts), approved. */
async function approvedReservation() {
  const placed = await placeShopOrder({ name: 'Olga Offerte', email: 'olga.offerte@example.nl' });
  const api = await apiAs(WORKSHOP_ADMIN.user, 'De Draaischijf');
  await api('POST', `reservations/${placed.id}/confirm`);
  return { ...placed, reservation: await api<Reservation>('GET', `reservations/${placed.id}`) };
}

const linkIn = (text: string | undefined) => /https?:\/\/\S+\/betalen\/[\w-]+/.exec(text ?? '')?.[0] ?? '';
function mailOf(subject: string) {
  return readOutbox(dataDir()).find((m) => m.subject === subject);
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
    const { id, orderNumber, reservation } = await approvedReservation();
    await expect.poll(() => mailOf(`Je reservering is goedgekeurd (${orderNumber})`)).toBeTruthy();
    const oldLink = linkIn(mailOf(`Je reservering is goedgekeurd (${orderNumber})`)?.text);
    const before = reservationTotals(reservation).total;
    // The delivery becomes two large parcels (Groot pakket, €19,95 each).
    const after = reservationTotals({
      ...reservation,
      deliveryMethod: { id: 5, name: '', price: 19.95, quantity: 2 },
    }).total;
    expect(after).not.toBe(before);

    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP, `/reservations/${id}`);
    const dialog = page.getByRole('dialog', { name: `Reservering ${orderNumber}` });
    const total = dialog.getByRole('table', { name: 'Totaal van de bestelling' });
    // The total is the table's last amount (on a free delivery the products' subtotal is the same amount).
    await total.getByText(formatEuro(before)).last().waitFor();

    await dialog.getByRole('button', { name: 'Wijzigen' }).click();
    await dialog.getByText(MESSAGES.requoteWarning).waitFor();
    await dialog.getByRole('combobox', { name: 'Verzendmethode' }).click();
    await page.getByRole('option', { name: /Groot pakket/ }).click();
    await dialog.getByLabel('Aantal pakketten').fill('2');
    await bothSizes(page, 'reservation-requote-form', 'changing the delivery of a reservation awaiting payment');
    await page.setViewportSize(LAPTOP);
    await dialog.getByRole('button', { name: MESSAGES.save }).first().click();
    await page.getByText(MESSAGES.reservationRequoted).waitFor();
    // The dialog's total follows the edit.
    await dialog.getByText('2 x Groot pakket (€19,95)').waitFor();
    await total.getByText(formatEuro(after)).last().waitFor();
    await bothSizes(page, 'reservation-requoted', 'the reservation after its quote changed');
    expect(errors).toEqual([]);

    // The customer's mail: one, with the new link; it shows and asks the new amount.
    const changed = `Je reservering is aangepast (${orderNumber})`;
    await expect.poll(() => mailOf(changed)).toBeTruthy();
    expect(readOutbox(dataDir()).filter((m) => m.subject === changed)).toHaveLength(1);
    const newLink = linkIn(mailOf(changed)?.text);
    expect(newLink).not.toBe(oldLink);
    const shop = await context.newPage();
    await shop.setViewportSize(LAPTOP);
    await shop.goto(newLink);
    await shop.getByRole('button', { name: `Betaal ${formatEuro(after)}` }).waitFor();
    expect(await shop.getByRole('table').textContent()).toContain('2 x Groot pakket');
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
