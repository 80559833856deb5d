import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, expectAccessible, LAPTOP, launch, openPage, PHONE, screenshot } from './support/browser.ts';
import { expectShellFor, logIn, WORKSHOP_ADMIN } from './support/login.ts';
import { placeShopOrder } from './support/shop-orders.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (as a keyboard user does) until `target` has focus; fails when it is not reached in `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await isFocused(target), `Tab reaches ${target}`).toBe(true);
}

/** What has focus, in words: never the page itself. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return !el || el === document.body ? 'body' : `${el.tagName.toLowerCase()}: ${el.textContent?.trim().slice(0, 60)}`;
  });

async function signIn(page: Page) {
  await logIn(page, WORKSHOP_ADMIN);
  await expectShellFor(page, WORKSHOP_ADMIN);
}

describe('the back-office by keyboard alone', () => {
  it('skips to the content, opens a product from the list with Enter and approves a reservation', async () => {
    const order = await placeShopOrder({ name: 'Toetsenbord Klant', email: 'toetsenbord@example.nl' });
    const { page, context, errors } = await openPage(browser, LAPTOP);
    await signIn(page);

    // The first Tab reaches the skip link; it takes focus past the header and the menu.
    // The list filtered by its address (other tests add products that would push this one off the first page).
    await page.goto(`${page.url().replace(/\/$/, '')}/products?zoek=${encodeURIComponent('Blauwe vaas met reliëf')}`);
    await page.getByRole('heading', { name: 'Alle producten' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Naar de inhoud' });
    expect(await isFocused(skip)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await isFocused(page.getByRole('main'))).toBe(true);

    // A product row takes focus and opens with Enter.
    const row = page.getByRole('row', { name: /Blauwe vaas met reliëf/ }).first();
    await tabTo(page, row);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Blauwe vaas met reliëf', level: 1 }).waitFor();
    await expectAccessible(page, 'product detail, reached by keyboard');

    // A reservation opens with Enter and Escape brings focus back to its row.
    await page.goto(`${page.url().replace(/\/product\/.*$/, '')}/reservations`);
    const reservationRow = page.getByRole('row', { name: new RegExp(`Reservering ${order.orderNumber} van`) });
    await reservationRow.waitFor();
    await tabTo(page, reservationRow, 200);
    await page.keyboard.press('Enter');
    const detail = page.getByRole('dialog', { name: `Reservering ${order.orderNumber}` });
    await detail.waitFor();
    await expectAccessible(page, 'reservation dialog');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(reservationRow)).toBe(true);

    // Approve through the row's '…' menu and the confirmation, by keyboard.
    await page.keyboard.press('Tab');
    const menuButton = page.getByRole('button', { name: `Acties voor reservering ${order.orderNumber}`, exact: true });
    await tabTo(page, menuButton, 10);
    await page.keyboard.press('Enter');
    const approveItem = page.getByRole('menuitem', { name: 'Goedkeuren' });
    await approveItem.waitFor();
    for (let i = 0; i < 5 && !(await isFocused(approveItem)); i++) await page.keyboard.press('ArrowDown');
    expect(await isFocused(approveItem)).toBe(true);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Reservering goedkeuren' });
    await confirm.waitFor();
    // The closing menu is gone first (axe would see an empty menu halfway through its fade).
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await expectAccessible(page, 'approve confirmation');
    await tabTo(page, confirm.getByRole('button', { name: 'Goedkeuren' }), 10);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Het accepteren is gelukt').first().waitFor();
    // The dialog is gone: focus is back in the list, never on the page itself.
    await expect.poll(() => focusedElement(page)).not.toBe('body');
    await expectAccessible(page, 'reservations after approving');

    // A dialog opened from its address has nothing to give focus back to: it goes to the list, not the page.
    await page.goto(`${page.url().replace(/\/reservations.*$/, '')}/reservations/${order.id}`);
    await detail.waitFor();
    await detail.getByRole('button', { name: 'Sluiten' }).waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await expect.poll(() => focusedElement(page)).not.toBe('body');

    expect(errors).toEqual([]);
    await context.close();
  }, 120_000); // a long walk by keyboard (list, dialog, row menu, confirmation): 60 s was too short on a loaded CI machine

  it('finishes the product wizard by keyboard: errors take focus, each step its heading', async () => {
    const { page, context, errors } = await openPage(browser, LAPTOP);
    await signIn(page);
    await page.goto(`${page.url().replace(/\/$/, '')}/product/add`);
    await page.getByRole('heading', { name: 'Stap 1 van 4: Gegevens' }).waitFor();
    await page.getByRole('checkbox', { name: 'Wonen' }).waitFor();
    await expectAccessible(page, 'wizard step 1');

    // 'Volgende' on an empty step: focus goes to the first field to fix.
    const nextButton = page.getByRole('button', { name: 'Volgende' });
    await tabTo(page, nextButton, 120);
    await page.keyboard.press('Enter');
    const name = page.getByRole('textbox', { name: /^Naam/ });
    await expect.poll(() => isFocused(name)).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Controleer het formulier' }).count()).toBe(1);
    await page.keyboard.type('Toetsenbordvaas');
    await tabTo(page, page.getByRole('checkbox', { name: 'Wonen' }));
    await page.keyboard.press('Space');
    await tabTo(page, nextButton, 120);
    await page.keyboard.press('Enter');

    // Step 2: focus on its heading, the step said aloud.
    const step2 = page.getByRole('heading', { name: 'Stap 2 van 4: Prijs & verzending' });
    await expect.poll(() => isFocused(step2)).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Stap 2 van 4' }).count()).toBe(1);
    await tabTo(page, page.getByRole('textbox', { name: /^Prijs/ }));
    await page.keyboard.type('24,50');
    await tabTo(page, page.getByRole('checkbox', { name: /^Pakket \(/ }));
    await page.keyboard.press('Space');
    await expectAccessible(page, 'wizard step 2');
    await screenshot(page, 'product-wizard-1366');
    await tabTo(page, nextButton);
    await page.keyboard.press('Enter');

    const step3 = page.getByRole('heading', { name: "Stap 3 van 4: Foto's" });
    await expect.poll(() => isFocused(step3)).toBe(true);
    await tabTo(page, nextButton);
    await page.keyboard.press('Enter');

    const step4 = page.getByRole('heading', { name: 'Stap 4 van 4: Over de maker' });
    await expect.poll(() => isFocused(step4)).toBe(true);
    await tabTo(page, page.getByRole('textbox', { name: 'Naam van de maker' }));
    await page.keyboard.type('Marieke Jansen');
    await expectAccessible(page, 'wizard step 4');
    await tabTo(page, page.getByRole('button', { name: 'Opslaan' }));
    await page.keyboard.press('Enter');

    const done = page.getByRole('heading', { name: 'Gelukt!' });
    await expect.poll(() => isFocused(done)).toBe(true);
    // Saved: leaving asks nothing.
    await tabTo(page, page.getByRole('link', { name: 'Naar alle producten' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Alle producten' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits the wizard on a phone: one step heading instead of the stepper, nothing scrolls sideways', async () => {
    const { page, context, errors } = await openPage(browser, PHONE);
    await signIn(page);
    await page.goto(`${page.url().replace(/\/$/, '')}/product/add`);
    await page.getByRole('checkbox', { name: 'Wonen' }).waitFor();
    await page.getByRole('textbox', { name: /^Naam/ }).fill('Telefoonvaas');
    await page.getByRole('checkbox', { name: 'Wonen' }).check();
    await page.getByRole('button', { name: 'Volgende' }).click();
    const heading = page.getByRole('heading', { name: 'Stap 2 van 4: Prijs & verzending' });
    await heading.waitFor();
    expect(await heading.isVisible()).toBe(true);
    // The four steps side by side do not fit 390 px: they are hidden, the heading says where you are.
    expect(await page.getByRole('button', { name: /Gegevens/ }).isVisible()).toBe(false);
    // (Not `expectFitsViewport`: its network-idle wait never ends while the workshop admin's live events stream.)
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, 'wizard at 390: page wider than the viewport').toBeLessThanOrEqual(innerWidth);
    await expectAccessible(page, 'wizard at 390');
    await screenshot(page, 'product-wizard-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
