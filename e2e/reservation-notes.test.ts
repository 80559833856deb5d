import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, screenshot } from './support/browser.ts';
import { openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';
import { settled } from './support/settled.ts';
import { placeShopOrders } from './support/shop-orders.ts';

/**
 * An internal note in a reservation's history, with its author; from the reservation to all of that
 * customer's reservations with this workshop.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe('notes and the customer view', () => {
  it('adds an internal note to the history and opens the customer’s reservations', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    // Its own customer with two reservations (the demo's may be paged away or changed by other files).
    const customer = `Noor Notitie ${Date.now() % 100_000}`;
    const email = `${customer.toLowerCase().replaceAll(' ', '.')}@example.nl`;
    await placeShopOrders(2, { name: customer, email });
    await page.goto(`${new URL(page.url()).origin}/reservations?status=alle&zoek=${encodeURIComponent(customer)}`);
    const row = page.getByRole('row').filter({ hasText: customer }).first();
    await row.waitFor();
    const orderNumber = /AM-\d+/.exec((await row.textContent()) ?? '')?.[0] ?? '';
    await row.getByText(orderNumber).click();
    const dialog = page.getByRole('dialog', { name: `Reservering ${orderNumber}` });
    await dialog.waitFor();

    const note = `Klant belde om ${Date.now() % 10_000}, haalt vrijdag op`;
    await dialog.getByRole('textbox', { name: 'Interne notitie' }).fill(note);
    await dialog.getByRole('button', { name: 'Notitie toevoegen' }).click();
    const history = dialog.getByRole('region', { name: 'Geschiedenis' });
    await history.getByText(`Interne notitie: ${note}`).waitFor();
    await history
      .getByText(new RegExp(`${WORKSHOP_ADMIN.fullName}$`))
      .last()
      .waitFor();
    // The field is empty again for the next note.
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Interne notitie' }).inputValue()).toBe('');
    await settled(page);
    await history.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'reservation dialog with a note', { open: false });
    await screenshot(page, 'reservation-note-1366');

    await dialog.getByRole('link', { name: `Alle reserveringen van ${customer}` }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /^Alle reserveringen \(\d+\)$/ }).waitFor();
    expect(await page.getByRole('searchbox').or(page.getByLabel('Zoeken')).first().inputValue()).toContain('@');
    const rows = page.getByRole('row').filter({ hasText: /AM-\d+/ });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    for (const text of await rows.allInnerTexts()) expect(text).toContain(customer);
    await screenshot(page, 'reservation-customer-view-1366');
    expect(errors).toEqual([]);
    await context.close();
  });
});
