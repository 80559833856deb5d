import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/api/src/test/outbox.ts';
import {
  baseUrl,
  closeContexts,
  dataDir,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  resize,
  screenshot,
} from './support/browser.ts';
import { openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';
import { placeShopOrder } from './support/shop-orders.ts';

/**
 * Mail notices and the timeline in the browser: the profile's 'Meldingen per e-mail' switch saves, and the reservation's detail
 * dialog shows its history (who, from which status to which, each mail), at a laptop's and a phone's size.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

function placeReservation() {
  return placeShopOrder({ name: 'Hanna Historie', email: 'hanna.historie@example.nl' });
}

async function openProfile(page: Page) {
  await page.goto(`${baseUrl()}/profile/edit`);
  await page.getByLabel('Voornaam').waitFor();
  return page.getByRole('switch', { name: 'Meldingen per e-mail' });
}

describe("the workshop's mails and a reservation's history", () => {
  it("switches 'Meldingen per e-mail' off and on in the profile", async () => {
    const { page, context } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    const toggle = await openProfile(page);
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await page.getByRole('button', { name: 'Profiel opslaan' }).click();
    await page.getByText('Je profiel is opgeslagen').waitFor();

    // Saved on the server: a reload shows it off, and a new reservation mails the admin nothing.
    await page.reload();
    const reloaded = await openProfile(page);
    await expect.poll(() => reloaded.isChecked()).toBe(false);
    const quiet = await placeReservation();
    await expect.poll(() => readOutbox(dataDir()).some((m) => m.subject.includes(quiet.orderNumber))).toBe(true);
    expect(
      // Only to this admin: another admin of the workshop (one a test added) still gets it.
      readOutbox(dataDir()).filter(
        (m) => m.subject === `Nieuwe reservering ${quiet.orderNumber}` && m.to.includes(WORKSHOP_ADMIN.user),
      ),
    ).toEqual([]);
    await expectAccessible(page, 'profile with the mail switch');
    await screenshot(page, 'profile-mail-switch');

    await reloaded.click({ force: true });
    await page.getByRole('button', { name: 'Profiel opslaan' }).click();
    await page.getByText('Je profiel is opgeslagen').waitFor();
    await page.reload();
    await expect.poll(async () => (await openProfile(page)).isChecked()).toBe(true);
    // The same on a phone, the window made smaller (`resize` in support/browser.ts).
    await resize(page, PHONE);
    await screenshot(page, 'profile-mail-switch-phone');
    await context.close();
  });

  it('the detail dialog shows who changed what and the mails, and grows with an approval', async () => {
    const { id, orderNumber } = await placeReservation();
    // The mail to the workshop, with the link that opens this reservation in the back-office.
    const workshopMail = () => readOutbox(dataDir()).find((m) => m.subject === `Nieuwe reservering ${orderNumber}`);
    await expect.poll(workshopMail).toBeTruthy();
    const link = /https?:\/\/\S+\/reservations\/[0-9a-f-]{36}/.exec(workshopMail()?.text ?? '')?.[0] ?? '';
    expect(new URL(link).pathname).toBe(`/reservations/${id}`);

    const { page, context } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    // The mail's link, on this server.
    await page.goto(`${baseUrl()}${new URL(link).pathname}`);
    const dialog = page.getByRole('dialog', { name: `Reservering ${orderNumber}` });
    await dialog.waitFor();
    const timeline = dialog.getByRole('region', { name: 'Geschiedenis' });
    await timeline.getByText('Reservering geplaatst in de webshop').waitFor();
    await timeline.getByText(`E-mail aan de klant: We hebben je reservering ontvangen (${orderNumber})`).waitFor();
    await timeline.getByText(`E-mail aan het atelier: Nieuwe reservering ${orderNumber}`).waitFor();
    await timeline.getByText('→ Nieuw', { exact: true }).waitFor();
    expect(await timeline.getByText(/ · klant$/).count()).toBe(1);

    await dialog.getByRole('button', { name: /^Goedkeuren/ }).click();
    await page.getByRole('button', { name: 'Goedkeuren en betaallink sturen' }).click();
    await page.getByText('Het accepteren is gelukt').waitFor();
    await timeline.getByText('Goedgekeurd', { exact: true }).waitFor();
    await timeline.getByText('Nieuw → Wachten op betaling').waitFor();
    await timeline.getByText(/ · Marieke Jansen$/).waitFor();
    await timeline.getByText(`E-mail aan de klant: Je reservering is goedgekeurd (${orderNumber})`).waitFor();
    // The whole history at a laptop's size and at a phone's (the window made smaller).
    for (const [viewport, name] of [
      [LAPTOP, 'reservation-history'],
      [PHONE, 'reservation-history-phone'],
    ] as const) {
      await resize(page, viewport);
      expect(await timeline.getByText(/ · klant$/).count(), name).toBe(1);
      await timeline.scrollIntoViewIfNeeded();
      await expectAccessible(page, `reservation history ${name}`);
      await screenshot(page, name);
    }
    await context.close();
  });
});
