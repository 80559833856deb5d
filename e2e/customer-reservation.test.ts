import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  openPage,
  PHONE,
  screenshot,
  TABLET,
} from './support/browser.ts';
import { apiAs } from './support/content-api.ts';
import { placeShopOrder } from './support/shop-orders.ts';

/** The customer's own page from the order's customerUrl, and the withdrawal, on a phone. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("the customer's reservation page", () => {
  it('shows the reservation and withdraws it on a phone, with the keyboard, accessibly', async () => {
    const placed = await placeShopOrder({ name: 'Herroep Klant', email: 'herroep.klant@example.nl' });
    const path = new URL(placed.customerUrl).pathname;
    const { page, context } = await openPage(browser, PHONE, path);
    await page.getByRole('heading', { name: `Reservering ${placed.orderNumber}` }).waitFor();
    await page.getByText('Status: Nieuw').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, 'customer reservation');
    await screenshot(page, 'customer-reservation-phone');
    for (const viewport of [TABLET, LAPTOP]) {
      await page.setViewportSize(viewport);
      expect(await noSidewaysScroll(page), `${viewport.width}`).toBe(true);
    }
    await page.setViewportSize(PHONE);

    // With the keyboard: to the reason, type it, on to the button, press it.
    await page.getByLabel('Reden (niet verplicht)').focus();
    await page.keyboard.type('Verkeerde kleur besteld');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Herroeping bevestigen');
    await page.keyboard.press('Enter');
    await page.getByText('Je herroeping is ontvangen. Je krijgt een bevestiging per e-mail.').waitFor();
    await page.getByText('Status: Herroepen').waitFor();
    expect(await page.getByRole('button', { name: 'Herroeping bevestigen' }).count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
    await expectAccessible(page, 'customer reservation withdrawn');
    await screenshot(page, 'customer-reservation-withdrawn-phone');
    await context.close();
  });

  it('offers a pay button once approved, accessible on a phone and a laptop, leading to the payment page', async () => {
    const placed = await placeShopOrder({ name: 'Betaal Klant', email: 'betaal.klant@example.nl' });
    const workshop = await apiAs('beheer@dedraaischijf.nl', 'De Draaischijf');
    await workshop('POST', `reservations/${placed.id}/confirm`);
    const path = new URL(placed.customerUrl).pathname;
    const { page, context } = await openPage(browser, PHONE, path);
    await page.getByText('Status: Wachten op betaling').waitFor();
    const pay = page.getByRole('button', { name: 'Betalen', exact: true });
    await pay.waitFor();
    for (const viewport of [PHONE, LAPTOP]) {
      await page.setViewportSize(viewport);
      expect(await noSidewaysScroll(page), `${viewport.width}`).toBe(true);
      await expectAccessible(page, `customer reservation to pay ${viewport.width}`);
      await screenshot(page, `customer-reservation-pay-${viewport.width}`);
    }
    await page.setViewportSize(PHONE);
    // With the keyboard: the button takes focus and Enter leads to the live payment link (the demo payment page).
    await pay.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/betalen\/[A-Za-z0-9_-]+$/);
    await page.getByText(placed.orderNumber, { exact: false }).first().waitFor();
    await context.close();
  });

  it('says a wrong link is invalid, in Dutch', async () => {
    const { page, context } = await openPage(browser, PHONE, `/reservering/${'A'.repeat(43)}`);
    await page.getByRole('heading', { name: 'Link ongeldig' }).waitFor();
    await expectAccessible(page, 'customer link invalid');
    await context.close();
  });
});
