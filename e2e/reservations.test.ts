import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/api/src/test/outbox.ts';
import { closeContexts, dataDir, expectAccessible, launch, screenshot, TABLET } from './support/browser.ts';
import { openSignedIn, SUPER_ADMIN, WORKSHOP_ADMIN } from './support/login.ts';
import { rowAction } from './support/row-actions.ts';
import { awaitingPaymentWithTwoProducts } from './support/shop-orders.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

async function heading(page: Page) {
  const h1 = page.getByRole('heading', { level: 1 });
  await h1.waitFor();
  await expect.poll(() => h1.textContent()).toMatch(/\(\d+\)$/);
  return (await h1.textContent()) ?? '';
}

const countIn = (text: string) => Number(/\((\d+)\)$/.exec(text)?.[1] ?? Number.NaN);

describe('reservations as a workshop admin', () => {
  it('approves, opens, edits and closes reservations as a person would', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN);
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    const navLink = nav.getByRole('link', { name: /Reserveringen/ });
    await expect.poll(() => navLink.textContent()).toMatch(/\d+/);
    const badgeBefore = Number(/(\d+)/.exec((await navLink.textContent()) ?? '')?.[1]);
    await navLink.click();

    const before = await heading(page);
    expect(before).toMatch(/^Openstaande reserveringen/);
    expect(countIn(before)).toBe(badgeBefore);

    // The paused reservation explains itself in a tooltip, and to screen readers in text read with its name.
    const paused = page.getByText(/^Gepauzeerd: Dit product is bij een andere reservering/).first();
    await paused.hover();
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe(
      'Dit product is bij een andere reservering aan het wachten op betaling en is daarom gepauzeerd',
    );
    await expectAccessible(page, 'reservations overview');
    await screenshot(page, 'reservations-overview');

    // Approve a new reservation: both spec sentences, then the notice.
    const newRow = page.getByRole('row').filter({ hasText: 'Nieuw' }).first();
    const orderNumber = /AM-\d+/.exec((await newRow.textContent()) ?? '')?.[0] ?? '';
    await rowAction(page, `reservering ${orderNumber}`, 'Goedkeuren');
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Vergeet niet om de verzendkosten van de bestelling te controleren!').waitFor();
    await confirm.getByText('Weet je zeker dat je deze wilt goedkeuren en een betaallink wilt sturen?').waitFor();
    await screenshot(page, 'reservations-approve-confirm');
    await confirm.getByRole('button', { name: 'Goedkeuren en betaallink sturen' }).click();
    await page.getByText('Het accepteren is gelukt').waitFor();
    const approvedRow = page.getByRole('row').filter({ hasText: orderNumber });
    await approvedRow.getByText('Wachten op betaling').waitFor();

    // The customer pays on the payment page from the approval mail (sent by the outbox's runner after the commit).
    const approvalMail = () =>
      readOutbox(dataDir()).find((m) => m.subject.includes(orderNumber) && m.text.includes('/betalen/'));
    await expect.poll(approvalMail).toBeTruthy();
    const mail = approvalMail();
    const payLink = /https?:\/\/\S+\/betalen\/[\w-]+/.exec(mail?.text ?? '')?.[0];
    expect(payLink).toBeTruthy();
    const shop = await context.newPage();
    await shop.goto(payLink ?? '');
    await shop.getByRole('button', { name: /^Betaal €/ }).click();
    await shop.getByText('Dank je wel!').waitFor();
    await screenshot(shop, 'payment-page-paid');
    await shop.close();

    // Open it: the detail dialog at /reservations/{id}; paid, so the label can be downloaded.
    await page.reload();
    await approvedRow.getByText('Betaald').waitFor();
    await approvedRow.getByText(orderNumber).click();
    const dialog = page.getByRole('dialog', { name: `Reservering ${orderNumber}` });
    await dialog.waitFor();
    expect(page.url()).toMatch(/\/reservations\/[0-9a-f-]{36}/);
    await dialog.getByText('Factuuradres').waitFor();
    await expectAccessible(page, 'reservation detail');
    await screenshot(page, 'reservation-detail');

    await dialog.getByLabel('Track & Trace').fill('3STEST000111');
    await dialog.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De track & trace is opgeslagen').waitFor();
    await dialog.getByRole('button', { name: /^Pakket verzonden/ }).click();
    await page.getByRole('button', { name: 'Ja, het pakket is verzonden' }).click();
    await page.getByText('Het afronden is gelukt').waitFor();
    await dialog.getByText('Afgerond', { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download verzendlabel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`verzendlabel-${orderNumber}.pdf`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Another reservation, awaiting payment: delivery changed, a product removed, then rejected. Its own, with two
    // products (removing the last product of one awaiting payment rejects it at once), found by its number.
    const { orderNumber: otherNumber } = await awaitingPaymentWithTwoProducts({
      name: 'Noor Visser',
      email: 'noor.visser@example.nl',
    });
    await page.goto(new URL(`/reservations?zoek=${otherNumber}`, page.url()).toString());
    const waiting = page.getByRole('row').filter({ hasText: 'Wachten op betaling' }).filter({ hasText: otherNumber });
    await waiting.getByText(otherNumber).click();
    const other = page.getByRole('dialog', { name: `Reservering ${otherNumber}` });
    await other.waitFor();
    await other.getByRole('button', { name: 'Wijzigen' }).click();
    await other.getByText('Let op: De klant betaalt dit bovenop de prijs!').waitFor();
    await other.getByRole('combobox', { name: 'Verzendmethode' }).click();
    await page.getByRole('option', { name: /Groot pakket/ }).click();
    await other.getByLabel('Aantal pakketten').fill('2');
    await screenshot(page, 'reservation-change-delivery');
    await other.getByRole('button', { name: 'Opslaan' }).first().click();
    await other.getByText('2 x Groot pakket (€19,95)').waitFor();
    await other
      .getByRole('button', { name: /uit de reservering halen/ })
      .first()
      .click();
    await page.getByText('Let op: Dit kan niet ongedaan worden', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Uit de reservering halen', exact: true }).click();
    await other.getByText('Niet beschikbaar: telt niet mee').waitFor();
    await other.getByText('€39,90').first().waitFor();
    await expectAccessible(page, 'edited reservation');
    await other.getByRole('button', { name: /^Afwijzen/ }).click();
    await page.getByRole('button', { name: 'Afwijzen', exact: true }).click();
    await page.getByText('Het afwijzen is gelukt').waitFor();
    await other.getByText('Afgewezen', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await other.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/reservations');

    // The closed reservations, among them the two just finished (the search cleared first).
    await page.getByRole('button', { name: 'Zoeken en datums wissen' }).click();
    await page.getByRole('tab', { name: /^Afgeronde/ }).click();
    // The heading follows the chosen tab once its list has answered.
    await expect.poll(() => heading(page)).toMatch(/^Afgeronde reserveringen/);
    await page.getByRole('row').filter({ hasText: 'Retour ontvangen' }).first().waitFor();
    await page.getByRole('row').filter({ hasText: orderNumber }).waitFor();
    await page.getByRole('row').filter({ hasText: otherNumber }).waitFor();
    await expectAccessible(page, 'closed reservations');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('downloads the shipping label of a paid reservation', async () => {
    const { page, context } = await openSignedIn(browser, WORKSHOP_ADMIN, TABLET, '/reservations');
    await heading(page);
    const paidRows = page.getByRole('row').filter({ hasText: 'Betaald' });
    await paidRows.first().waitFor();
    let downloaded = false;
    for (let i = 0; i < (await paidRows.count()) && !downloaded; i++) {
      await paidRows
        .nth(i)
        .getByText(/AM-\d+/)
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: /^Reservering AM-/ }).waitFor();
      await dialog
        .getByText(/Totaal/)
        .first()
        .waitFor();
      const label = dialog.getByRole('button', { name: 'Download verzendlabel' });
      if ((await label.count()) > 0) {
        await screenshot(page, 'reservation-paid-tablet');
        const [download] = await Promise.all([page.waitForEvent('download'), label.click()]);
        expect(download.suggestedFilename()).toMatch(/^verzendlabel-AM-\d+\.pdf$/);
        downloaded = true;
      } else {
        await dialog.getByText('Dit product wordt opgehaald in de winkel').waitFor();
        await dialog.getByRole('button', { name: 'Download ophaalbon' }).waitFor();
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    expect(downloaded).toBe(true);
    await context.close();
  });
});

describe('reservations as the super admin', () => {
  it('sees every workshop with its name, and the billing address', async () => {
    const { page, context } = await openSignedIn(browser, SUPER_ADMIN);
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: 'Alle reserveringen' }).click();
    await heading(page);
    await page.getByRole('table').getByText('Atelier', { exact: true }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Glasatelier Helder' }).first().waitFor();
    const row = page.getByRole('row').filter({ hasText: 'De Draaischijf' }).first();
    await row.getByText(/AM-\d+/).click();
    await page.getByRole('dialog').getByText('Factuuradres').waitFor();
    await expectAccessible(page, 'reservation detail as super admin');
    await screenshot(page, 'reservation-detail-super-admin');
    await context.close();
  });
});
