import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, LAPTOP, launch } from './support/browser.ts';
import { openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';
import { rowAction } from './support/row-actions.ts';
import { settled } from './support/settled.ts';
import { placeShopOrder } from './support/shop-orders.ts';

/**
 * Focus is never lost (left on the page itself) after a reservation's action in its detail dialog, nor
 * after Escape when that action moved the row to another tab, nor after a photo upload or saving the workshop.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** What has focus, in words; 'body' when focus was lost. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
    const inDialog = el.closest('[role="dialog"]') ? 'in dialog ' : '';
    return `${inDialog}${role}: ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 50)}`;
  });

describe('focus follows the work', () => {
  it('approving in the detail dialog, and Escape after the row moved to another tab', async () => {
    // Its own new reservation of a product still in stock: a demo reservation may be one that earlier files' approvals
    // left without stock, and its approval is then refused.
    const { orderNumber } = await placeShopOrder({ name: 'Focus Volger', email: 'focus.volger@example.nl' });
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP, `/reservations`);
    // A slow phone's CPU, six times slower: the row is likely clicked while the screen still shows the tab before (its
    // list has the row too). The dialog keeps the tab just chosen; it once went back to 'Openstaand', where the
    // approved row stays.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.getByRole('tab', { name: /^Nieuw/ }).click();
    const row = page.getByRole('row').filter({ hasText: orderNumber });
    await row.waitFor();
    await row.getByText(orderNumber).click();
    // The row's click has chosen the dialog's address; the rest at full speed (a loaded CI machine slows it enough).
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const dialog = page.getByRole('dialog', { name: `Reservering ${orderNumber}` });
    await dialog.waitFor();
    expect(new URL(page.url()).search).toBe('?status=nieuw');
    await dialog.getByRole('button', { name: `Goedkeuren: reservering ${orderNumber}` }).click();
    await page.getByRole('button', { name: 'Goedkeuren en betaallink sturen' }).click();
    await page.getByText('Het accepteren is gelukt').waitFor();
    await dialog.getByText('Wachten op betaling').first().waitFor();
    await settled(page);
    // The work goes on in the dialog: its next action has focus.
    await expect.poll(() => focused(page)).toMatch(/^in dialog button: .*reservering/);

    // Escape: the row went to 'Wachten op betaling'; the chosen tab takes focus instead of the page.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await settled(page);
    await expect.poll(() => focused(page)).toMatch(/^tab: Nieuw/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploading and removing a photo keeps the focus on the photo field; saving the workshop focuses its title', async () => {
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, LAPTOP);
    const origin = new URL(page.url()).origin;
    const jpeg = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#6b8e5a' } })
      .jpeg()
      .toBuffer();
    const upload = async (button: string) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: button }).first().click();
      await (await chooser).setFiles({ name: 'maker.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    };

    // Saving the workshop (nothing changed): the workshop's page opens with its title focused.
    await page.goto(`${origin}/workspace`);
    await page.getByRole('heading', { name: 'Mijn atelier' }).waitFor();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByRole('heading', { name: WORKSHOP_ADMIN.workshop ?? '', level: 1 }).waitFor();
    await settled(page);
    await expect.poll(() => focused(page)).toBe(`h1: ${WORKSHOP_ADMIN.workshop}`);

    // The workshop's main photo: after the upload and after removing it, the choose button has the focus.
    await page.goto(`${origin}/workspace`);
    await page.getByRole('heading', { name: 'Mijn atelier' }).waitFor();
    await upload('Hoofdfoto');
    await page.getByRole('img', { name: 'Hoofdfoto' }).waitFor();
    await expect.poll(() => focused(page)).toBe('button: Andere foto kiezen');
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).first().click();
    await expect.poll(() => focused(page)).toBe('button: Foto kiezen');

    // The maker's photo in the product wizard: the same.
    await page.goto(`${origin}/products`);
    await rowAction(page, /^Acties voor /, 'Wijzigen');
    await page.getByRole('heading', { name: 'Product wijzigen' }).waitFor();
    await page.getByRole('button', { name: /Over de maker/ }).click();
    await page.getByLabel('Naam van de maker').waitFor();
    await upload('foto kiezen');
    await page.getByRole('img', { name: 'Foto van de maker' }).waitFor();
    await expect.poll(() => focused(page)).toBe('button: Andere foto kiezen');
    await page.getByRole('button', { name: 'Foto verwijderen' }).click();
    await expect.poll(() => focused(page)).toBe('button: Foto kiezen');
    expect(errors).toEqual([]);
    await context.close();
  });
});
