import { dayInAmsterdam, formatDay, MESSAGES, nextDay, type Workshop } from '@ateliermarkt/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  closeContexts,
  DEMO_PASSWORD,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  screenshot,
} from './support/browser.ts';
import { superAdminApi } from './support/content-api.ts';
import { type DemoRole, openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { settled } from './support/settled.ts';

/**
 * Holiday mode and the payout account on the workshop form. It writes into Glasatelier
 * Helder, which the other browser files only read (the shop orders of other files go to De Draaischijf); the test
 * ends the holiday itself, and afterAll removes what is left (the IBAN, or a holiday when the test failed halfway).
 */
const GLAS_ADMIN: DemoRole = {
  ...WORKSHOP_ADMIN,
  workshop: 'Glasatelier Helder',
  user: 'beheer@glasatelierhelder.nl',
  fullName: 'Eva Smit',
};
const today = dayInAmsterdam();
let lastDay = today;
for (let i = 0; i < 6; i++) lastDay = nextDay(lastDay);
const period = MESSAGES.holidayPeriod(formatDay(today), formatDay(lastDay));
const message = 'Wij zijn een week met vakantie. Daarna maken we je glas graag weer!';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
  const api = await superAdminApi();
  const glas = (await api<Workshop[]>('GET', 'workspaces/all')).find((w) => w.name === 'Glasatelier Helder');
  if (glas && (glas.holiday || glas.iban))
    await api('PUT', `workspaces/${glas.id}`, {
      ...glas,
      holiday: null,
      iban: null,
      ibanHolder: null,
      // Removing the IBAN needs the password too.
      currentPassword: DEMO_PASSWORD,
    });
});

/** Orders a product of Glasatelier Helder through the shop's public API, as the web shop would. */
async function orderFromGlas() {
  const list = (await (
    await fetch(`${baseUrl()}/api/shop/products?workspace=glasatelier-helder&pageSize=50`)
  ).json()) as { items: { id: string; isSold: boolean; isReserved: boolean; workspace: { holiday: unknown } }[] };
  const product = list.items.find((p) => !p.isSold && !p.isReserved);
  if (!product) throw new Error('no product of Glasatelier Helder to order');
  const res = await fetch(`${baseUrl()}/api/shop/reservations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Vera Vakantie',
      email: 'vera@example.nl',
      street: 'Stroomweg',
      streetNumber: '14',
      zipCode: '3511 AB',
      city: 'Utrecht',
      deliveryMethodId: 1,
      products: [{ productId: product.id, quantity: 1 }],
    }),
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } }, product };
}

const holidaySection = (page: Page) => page.getByRole('heading', { name: 'Vakantie', level: 2 });

describe('holiday mode', () => {
  it('a workshop admin sets a holiday and the IBAN, the shop refuses orders, the super admin sees it', async () => {
    const { page, context, errors } = await openSignedIn(browser, GLAS_ADMIN, LAPTOP);
    await page.getByRole('button', { name: new RegExp(GLAS_ADMIN.fullName) }).click();
    await page.getByRole('menuitem', { name: 'Atelier wijzigen' }).click();
    await page.getByRole('heading', { name: 'Mijn atelier' }).waitFor();
    await page.getByRole('textbox', { name: 'Omschrijving' }).waitFor();

    // The form's Dutch checks first: a period without a message, an IBAN that fails mod-97.
    await page.getByLabel('Eerste vakantiedag').fill(today);
    await page.getByLabel('Laatste vakantiedag').fill(lastDay);
    await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText(MESSAGES.holidayMessageRequired).waitFor();
    await page.getByText(MESSAGES.ibanInvalid).waitFor();
    await page.getByLabel('Bericht voor de klanten').fill(message);
    await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
    await page.getByLabel('Naam rekeninghouder').fill('Glasatelier Helder vof');
    await holidaySection(page).scrollIntoViewIfNeeded();
    await settled(page);
    await expectAccessible(page, 'workshop form with holiday and IBAN');
    await screenshot(page, 'holiday-form-laptop');
    await page.setViewportSize(PHONE);
    await holidaySection(page).evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -80));
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, 'workshop form with holiday on a phone');
    await screenshot(page, 'holiday-form-phone');
    await page.setViewportSize(LAPTOP);

    await page.getByRole('button', { name: 'Opslaan' }).click();
    // A new IBAN asks for the password first.
    await page.getByRole('dialog').getByLabel(MESSAGES.reconfirmPasswordLabel).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: MESSAGES.reconfirmSubmit }).click();
    await page.getByText('Het atelier is opgeslagen').waitFor();
    await page.getByRole('heading', { name: 'Glasatelier Helder', level: 1 }).waitFor();
    await page.getByText('NL91 ABNA 0417 1643 00').waitFor();
    await page.getByText(message).waitFor();

    // The shop: the workshop and its products carry the holiday, and an order is refused with the message.
    const shop = (await (await fetch(`${baseUrl()}/api/shop/workspaces/glasatelier-helder`)).json()) as {
      holiday: unknown;
    };
    expect(shop.holiday).toEqual({ from: today, to: lastDay, message });
    const refused = await orderFromGlas();
    expect(refused.product.workspace.holiday).toEqual({ from: today, to: lastDay, message });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'WorkshopOnHoliday', message });
    expect(errors).toEqual([]);
    await context.close();

    // The super admin's workshop table shows who is on holiday, on a laptop and on a phone.
    const admin = await openSignedIn(browser, SUPER_ADMIN, LAPTOP);
    const table = admin.page.getByRole('table', { name: 'Ateliers', exact: true });
    await table.getByRole('columnheader', { name: 'Vakantie' }).waitFor();
    const glasRow = table.getByRole('row').filter({ hasText: 'Glasatelier Helder' });
    await glasRow.getByText(period).waitFor();
    await glasRow.getByText('Vakantie', { exact: true }).waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'De Draaischijf' }).getByText(period).count()).toBe(0);
    await table.scrollIntoViewIfNeeded();
    await settled(admin.page);
    await expectAccessible(admin.page, 'workshop table with a holiday');
    await screenshot(admin.page, 'holiday-table-laptop');
    await admin.page.setViewportSize(PHONE);
    const card = admin.page
      .getByRole('list', { name: 'Ateliers', exact: true })
      .getByRole('listitem')
      .filter({ hasText: 'Glasatelier Helder' });
    await card.getByText(period).waitFor();
    await card.scrollIntoViewIfNeeded();
    await settled(admin.page);
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(admin.page, 'workshop cards with a holiday');
    await screenshot(admin.page, 'holiday-table-phone');
    await admin.page.setViewportSize(LAPTOP);

    // The super admin ends it on the workshop's form: the shop takes orders again.
    await admin.page.goto(`${baseUrl()}/`);
    await table.getByRole('button', { name: 'Acties voor Glasatelier Helder' }).click();
    await admin.page.getByRole('menuitem', { name: 'Wijzigen' }).click();
    await holidaySection(admin.page).waitFor();
    await admin.page.getByRole('button', { name: 'Vakantie wissen' }).click();
    await admin.page.getByRole('button', { name: 'Opslaan' }).click();
    await admin.page.getByText('Het atelier is opgeslagen').waitFor();
    const after = (await (await fetch(`${baseUrl()}/api/shop/workspaces/glasatelier-helder`)).json()) as {
      holiday: unknown;
    };
    expect(after.holiday).toBeNull();
    expect(admin.errors).toEqual([]);
    await admin.context.close();
  });
});
