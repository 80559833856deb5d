import { MESSAGES } from '@ateliermarkt/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrCodeOfPdf } from '../apps/api/src/test/pdf-qr.ts';
import { atEverySize, baseUrl, closeContexts, launch, resize, screenshot, stepSize } from './support/browser.ts';
import { apiAs, superAdminApi } from './support/content-api.ts';
import { openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { paidPickupReservation } from './support/pickup.ts';
import { expectFitsViewport } from './support/settled.ts';
import { placeShopOrder, workshopAdminToken } from './support/shop-orders.ts';
import { splitWords } from './support/word-breaks.ts';

/**
 * The screens earlier sessions changed, at a laptop, a small laptop, a tablet and a phone: the reservation
 * dialog with the new total before 'Opslaan', an internal note in its history, the customer's other reservations,
 * the pick-up page right after a hand-over, a workshop's form and the durations of 'Instellingen'. Each fits its width, its lists
 * keep whole words, and each is photographed (test-results/screenshots/day-fit-*). One page goes through the day's
 * steps, each step done at another size, and every state it reaches is resized through all four (`resize` in
 * support/browser.ts).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

describe('the day-to-day screens at four sizes', () => {
  it("a reservation's new total, note and customer, and a hand-over at every size", async () => {
    // An approved reservation awaiting payment: changing its delivery makes a new quote.
    const customer = 'Vera Viewport';
    const { id, orderNumber } = await placeShopOrder({ name: customer, email: 'vera.viewport@example.nl' });
    const api = await apiAs(WORKSHOP_ADMIN.user, 'De Draaischijf');
    await api('POST', `reservations/${id}/confirm`);

    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, stepSize(0), `/reservations/${id}`);
    const dialog = page.getByRole('dialog', { name: `Reservering ${orderNumber}` });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Wijzigen' }).click();
    await dialog.getByText(MESSAGES.requoteWarning).waitFor();
    await dialog.getByRole('combobox', { name: 'Verzendmethode' }).click();
    await page.getByRole('option', { name: /Groot pakket/ }).click();
    await dialog.getByLabel('Aantal pakketten').fill('2');
    const newTotal = dialog.getByText(/\(nu €[\d.]+,\d\d\)/);
    await newTotal.waitFor();
    await atEverySize(page, 0, async (name) => {
      await expectFitsViewport(page, `new total before Opslaan at ${name}`);
      await newTotal.scrollIntoViewIfNeeded();
      await screenshot(page, `day-fit-requote-${name}`);
    });
    await resize(page, stepSize(1));
    await dialog.getByRole('button', { name: MESSAGES.cancel }).first().click();

    const note = 'Klant belde, haalt vrijdag op';
    await dialog.getByRole('textbox', { name: 'Interne notitie' }).fill(note);
    await dialog.getByRole('button', { name: 'Notitie toevoegen' }).click();
    const history = dialog.getByRole('region', { name: 'Geschiedenis' });
    const noted = history.getByText(`Interne notitie: ${note}`);
    await noted.waitFor();
    await atEverySize(page, 1, async (name) => {
      await expectFitsViewport(page, `note at ${name}`);
      await noted.scrollIntoViewIfNeeded();
      await screenshot(page, `day-fit-note-${name}`);
    });

    await resize(page, stepSize(2));
    await dialog.getByRole('link', { name: `Alle reserveringen van ${customer}` }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: /^Alle reserveringen \(\d+\)$/ }).waitFor();
    await page.getByText(orderNumber).first().waitFor();
    await atEverySize(page, 2, async (name) => {
      await expectFitsViewport(page, `customer view at ${name}`);
      expect(await splitWords(page), `words split in the customer view at ${name}`).toEqual([]);
      await screenshot(page, `day-fit-customer-${name}`);
    });

    // The pick-up page right after the hand-over.
    const token = await workshopAdminToken();
    const pickup = await paidPickupReservation(browser, token, 'Piet Pakket');
    const slip = await fetch(`${baseUrl()}/api/files/pickup-slip?reservationId=${pickup.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(slip.status).toBe(200);
    const link = new URL(await qrCodeOfPdf(new Uint8Array(await slip.arrayBuffer())));
    await resize(page, stepSize(3));
    await page.goto(`${baseUrl()}${link.pathname}`);
    await page.getByRole('button', { name: 'Meegeven aan de klant' }).click();
    const done = page.getByRole('status').filter({ hasText: 'Meegegeven!' });
    await done.waitFor();
    await atEverySize(page, 3, async (name) => {
      // Said once, on the page: no notice besides it that covers the heading on a phone.
      expect(await page.getByText('Meegegeven!', { exact: true }).count()).toBe(1);
      // The button is gone: the focus is on the confirmation that replaced it, not lost to the page.
      expect(await done.evaluate((el) => el === document.activeElement), `focus at ${name}`).toBe(true);
      await expectFitsViewport(page, `pick-up after the hand-over at ${name}`);
      await screenshot(page, `day-fit-pickup-done-${name}`);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a workshop's form (examples as descriptions, no placeholders) at every size", async () => {
    const api = await superAdminApi();
    const workshops = await api<{ id: string; name: string }[]>('GET', 'workspaces/all');
    const id = workshops.find((w) => w.name === 'De Draaischijf')?.id;
    expect(id).toBeTruthy();
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, stepSize(1), `/workspace/${id}/edit`);
    const iban = page.getByRole('textbox', { name: 'IBAN' });
    await iban.waitFor();
    // A placeholder only says what to do ('Kies een provincie'), never an example value.
    const placeholders = await page
      .locator('input[placeholder], textarea[placeholder]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('placeholder') ?? ''));
    expect(placeholders.filter((text) => /\d|^bijvoorbeeld/i.test(text))).toEqual([]);
    await atEverySize(page, 1, async (name) => {
      await expectFitsViewport(page, `workshop form at ${name}`);
      await iban.scrollIntoViewIfNeeded();
      await screenshot(page, `day-fit-workshop-form-${name}`);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Instellingen' with its durations at every size", async () => {
    const { page, context, errors } = await openSignedIn(browser, SUPER_ADMIN, stepSize(2), `/settings`);
    const remind = page.getByRole('textbox', { name: /^Herinnering aan het atelier na/ });
    await remind.waitFor();
    await atEverySize(page, 2, async (name) => {
      await expectFitsViewport(page, `settings at ${name}`);
      await remind.scrollIntoViewIfNeeded();
      await screenshot(page, `day-fit-settings-${name}`);
      await page.screenshot({ path: `test-results/screenshots/day-fit-settings-${name}-whole.png`, fullPage: true });
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
