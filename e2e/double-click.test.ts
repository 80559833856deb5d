import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, PHONE, screenshot } from './support/browser.ts';
import { openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';
import { placeShopOrders } from './support/shop-orders.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** Counts the requests the page sends whose method and path match, from now on. */
function countRequests(page: Page, method: string, path: RegExp) {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

/** Two new reservations, neither paused by the other (support/shop-orders.ts). */
async function placeTwoReservations(): Promise<string[]> {
  const placed = await placeShopOrders(2, { name: 'Dubbel Klik', email: 'dubbel.klik@example.nl' });
  return placed.map((p) => p.orderNumber);
}

/**
 * Sends what a double click's second click is when the dialog it opened is there before it (a slow phone, a busy
 * machine): a click with `detail` 2 on the dialog's overlay. Then waits past the 200 ms exit transition of a dialog
 * that closes.
 */
async function secondClickOnOverlay(page: Page) {
  await page.mouse.move(8, 400);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await page.waitForTimeout(600);
}

/** Red notices: the failure titles of the actions tried here. */
const FAILURES = /mislukt|niet gelukt|Probeer het nog eens/;

async function expectNoFailureNotice(page: Page) {
  const alerts = await page.getByRole('alert').allTextContents();
  expect(alerts.filter((text) => FAILURES.test(text))).toEqual([]);
}

describe('a double click sends one request', () => {
  it('approves and rejects a reservation once, however fast the buttons are clicked', async () => {
    const [orderNumber = '', otherNumber = ''] = await placeTwoReservations();
    const { page, context } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: /Reserveringen/ })
      .click();
    const confirms = countRequests(page, 'POST', /^\/api\/reservations\/[^/]+\/confirm$/);
    const rejects = countRequests(page, 'POST', /^\/api\/reservations\/[^/]+\/reject$/);

    // Approve: a double click on the row menu's item opens one dialog; a double click on its confirm button, one call.
    const row = page.getByRole('row').filter({ hasText: orderNumber });
    await row.getByText('Nieuw').waitFor();
    // The server's answer is held back until the dialog has been looked at: loading, disabled, not dismissable.
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/reservations/*/confirm', async (route) => {
      await held;
      await route.continue();
    });
    await row.getByRole('button', { name: /^Acties voor/ }).click();
    await page.getByRole('menuitem', { name: 'Goedkeuren' }).dblclick();
    const dialog = page.getByRole('dialog');
    const confirmButton = dialog.getByRole('button', { name: 'Goedkeuren en betaallink sturen' });
    await confirmButton.dblclick();
    await expect.poll(() => confirmButton.getAttribute('data-loading')).toBe('true');
    expect(await confirmButton.isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Annuleren' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dialog.count()).toBe(1);
    // The row menu that opened it is gone first (axe would see an empty menu halfway through its fade).
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectAccessible(page, 'confirm dialog while approving');
    await screenshot(page, 'confirm-dialog-pending');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'confirm-dialog-pending-phone');
    await page.setViewportSize(LAPTOP);
    answer();
    await page.getByText('Het accepteren is gelukt').waitFor();
    await row.getByText('Wachten op betaling').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(confirms()).toBe(1);
    await expectNoFailureNotice(page);

    // Reject another one the same way.
    const other = page.getByRole('row').filter({ hasText: otherNumber });
    await other.getByRole('button', { name: /^Acties voor/ }).click();
    await page.getByRole('menuitem', { name: 'Afwijzen' }).dblclick();
    await page.getByRole('dialog').getByRole('button', { name: 'Afwijzen' }).dblclick();
    await page.getByText('Het afwijzen is gelukt', { exact: false }).waitFor();
    await other.waitFor({ state: 'detached' });
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(rejects()).toBe(1);
    await expectNoFailureNotice(page);
    await context.close();
  });

  it('copies and deletes a product once, and saves a form once', async () => {
    // The list filtered by its address, so the copy shows on its first page whatever other files added.
    const search = `/products?zoek=${encodeURIComponent('Blauwe vaas met reliëf')}`;
    const { page, context } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP, search);
    await page.getByRole('heading', { name: 'Alle producten' }).waitFor();
    const copies = countRequests(page, 'POST', /^\/api\/products\/[^/]+\/duplicate$/);
    const deletes = countRequests(page, 'DELETE', /^\/api\/products\/[^/]+$/);
    const profileSaves = countRequests(page, 'PUT', /^\/api\/identity\/my-profile$/);

    await page.getByRole('button', { name: 'Acties voor Blauwe vaas met reliëf', exact: true }).first().click();
    await page.getByRole('menuitem', { name: 'Kopiëren' }).dblclick();
    await page.getByRole('dialog').getByRole('button', { name: 'Kopiëren' }).dblclick();
    await page.getByText('Het product is gekopieerd.').waitFor();
    const copyName = 'Blauwe vaas met reliëf (kopie)';
    // The row's '…' button names the product alone (its cell also shows the code and the stock).
    const copyRow = page.getByRole('button', { name: `Acties voor ${copyName}`, exact: true });
    await copyRow.waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(copies()).toBe(1);
    expect(await copyRow.count()).toBe(1);

    await copyRow.click();
    await page.getByRole('menuitem', { name: 'Verwijderen' }).dblclick();
    // When the dialog is quicker than the double click's second click (a busy machine), that click lands on the
    // overlay: the dialog stays open (it closed at once).
    await page.getByRole('dialog').waitFor();
    await secondClickOnOverlay(page);
    expect(await page.getByRole('dialog').count()).toBe(1);
    await page.getByRole('dialog').getByRole('button', { name: 'Verwijderen' }).dblclick();
    await page.getByText('Het product is verwijderd.').waitFor();
    await copyRow.waitFor({ state: 'detached' });
    expect(deletes()).toBe(1);
    await expectNoFailureNotice(page);

    // A form's save button: a double click saves once.
    await page.goto(page.url().replace(/\/products.*/, '/profile/edit'));
    const save = page.getByRole('button', { name: 'Opslaan' });
    await save.waitFor();
    await save.dblclick();
    await page.getByText('Je profiel is opgeslagen', { exact: false }).waitFor();
    expect(profileSaves()).toBe(1);
    await expectNoFailureNotice(page);
    await context.close();
  });

  it('keeps a dialog opened by a button open when the second click of a double click lands on its overlay', async () => {
    const { page, context } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP, '/');
    await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gebruiker toevoegen' });
    await dialog.waitFor();
    await secondClickOnOverlay(page);
    expect(await dialog.count()).toBe(1);
    // A single click outside still closes it.
    await page.mouse.click(8, 400);
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
