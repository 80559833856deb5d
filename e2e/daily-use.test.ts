import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/api/src/test/outbox.ts';
import {
  atEverySize,
  closeContexts,
  dataDir,
  expectAccessible,
  launch,
  PHONE,
  resize,
  screenshot,
  stepSize,
} from './support/browser.ts';
import { openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { expectFitsViewport, settled } from './support/settled.ts';
import { placeShopOrder } from './support/shop-orders.ts';

/**
 * The screens it changed, at the four sizes: the workshop's home with 'Volgende uitbetaling', the super
 * admin's home with the failed-mail card and the list it leads to, and a reservation's history with each mail's
 * delivery. Each fits, passes axe with its menus and tabs open, and is photographed. One page per role goes through
 * them, each step at another size, every state resized through all four (`resize` in support/browser.ts).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe('the day-to-day screens', () => {
  it("the workshop admin's home and a reservation's history at every size", async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, stepSize(0));
    const payout = page.getByRole('region', { name: 'Volgende uitbetaling' });
    await payout.waitFor();
    expect(await payout.textContent()).toMatch(/€[\d.]+,\d\d.*uit te betalen vanaf \d\d-\d\d-\d{4}/);
    await atEverySize(page, 0, async (name) => {
      await expectFitsViewport(page, `home ${name}`);
      await expectAccessible(page, `home ${name}`);
      await payout.scrollIntoViewIfNeeded();
      await screenshot(page, `daily-use-workshop-home-${name}`);
    });

    // A reservation placed now: its mails went through the outbox (the demo's own have no delivery to show).
    const { id, orderNumber } = await placeShopOrder({ name: 'Fleur Daalder', email: 'fleur@example.nl' });
    await expect
      .poll(() => readOutbox(dataDir()).filter((m) => m.subject.includes(orderNumber)).length)
      .toBeGreaterThanOrEqual(2);
    await page.setViewportSize(stepSize(1));
    await page.goto(`${new URL(page.url()).origin}/reservations/${id}`);
    const dialog = page.getByRole('dialog', { name: `Reservering ${orderNumber}` });
    const history = dialog.getByRole('region', { name: 'Geschiedenis' });
    await history.waitFor();
    await history.getByText('Verstuurd').first().waitFor();
    await atEverySize(page, 1, async (name) => {
      await expectAccessible(page, `reservation history ${name}`);
      await history.getByText('Verstuurd').first().scrollIntoViewIfNeeded();
      await screenshot(page, `daily-use-reservation-history-${name}`);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the super admin's home and failed mails at every size", async () => {
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, stepSize(2));
    const card = page.getByRole('link', { name: /^0 Niet verstuurde e-mails/ });
    await card.waitFor();
    await atEverySize(page, 2, async (name) => {
      await expectFitsViewport(page, `home ${name}`);
      await screenshot(page, `daily-use-superadmin-home-${name}`);
    });
    await resize(page, stepSize(3));
    await card.click();
    const title = page.getByRole('heading', { name: 'Niet verstuurde e-mails' });
    await title.waitFor();
    await page.getByText('Alle e-mails zijn verstuurd.').waitFor();
    await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
    await atEverySize(page, 3, async (name) => {
      await expectFitsViewport(page, `failed mails ${name}`);
      await expectAccessible(page, `failed mails ${name}`);
      await screenshot(page, `daily-use-failed-mails-${name}`);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("phone cards show a reservation's date (and workshop for the super admin) and whether a product is published", async () => {
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, PHONE, '/reservations');
    const reservation = page
      .getByRole('list', { name: /reserveringen/i })
      .getByRole('listitem')
      .first();
    await reservation.waitFor();
    expect(await reservation.innerText()).toMatch(/Datum\s+\d\d-\d\d-\d{4}/);
    expect(await reservation.innerText()).toMatch(/Atelier\s+\S/);
    await settled(page);
    await screenshot(page, 'daily-use-reservation-cards-390x844');
    await context.close();

    // Products are the workshop's own: its admin's phone.
    const workshop = await openSignedIn(browser, WORKSHOP_ADMIN, PHONE, '/products');
    const product = workshop.page.getByRole('listitem').filter({ hasText: 'Gepubliceerd' }).first();
    await product.waitFor();
    expect(await product.innerText()).toMatch(/Gepubliceerd\s+(Ja|Nee)/);
    await settled(workshop.page);
    await screenshot(workshop.page, 'daily-use-product-cards-390x844');
    expect([...errors, ...workshop.errors]).toEqual([]);
    await workshop.context.close();
  });
});
