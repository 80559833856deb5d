import { zipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeContexts,
  expectAccessible,
  LAPTOP,
  launch,
  PHONE,
  resize,
  screenshot,
  TABLET,
} from './support/browser.ts';
import { apiAs } from './support/content-api.ts';
import { openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';
import { expectFitsViewport } from './support/settled.ts';

/** 'Producten importeren' — a sheet with photos, previewed, imported, and the products it made opened. */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await closeContexts(browser);
});

/** A JPEG made by the browser's own canvas, as bytes. */
async function jpegFrom(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 90;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no canvas');
    g.fillStyle = '#2a6f97';
    g.fillRect(0, 0, 120, 90);
    g.fillStyle = '#f4a261';
    g.fillRect(30, 20, 60, 50);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob) throw new Error('no jpeg');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

describe('Producten importeren', () => {
  it('imports a sheet with photos, after a preview per row, on a phone, and each step fits a tablet and a laptop', async () => {
    // The steps on a phone; each state also at a tablet's and a laptop's size, the window made larger (`resize` in
    // support/browser.ts).
    const sizes = [
      ['390x844', PHONE],
      ['820x1180', TABLET],
      ['1366x768', LAPTOP],
    ] as const;
    const { page, context, errors } = await openSignedIn(browser, WORKSHOP_ADMIN, PHONE, `/products`);
    await expect.poll(() => page.getByRole('button', { name: 'Exporteren' }).isVisible()).toBe(true);
    for (const [label, viewport] of sizes) {
      await resize(page, viewport);
      await expectFitsViewport(page, `overview ${label}`);
      await screenshot(page, `product-import-overview-${label}`);
    }
    await resize(page, PHONE);

    await page.getByRole('link', { name: 'Importeren' }).click();
    await page.getByRole('heading', { name: 'Producten importeren' }).waitFor();

    const name = `Importschaal ${Date.now().toString(36)}`;
    const photo = 'schaal.jpg';
    const csv = [
      "Naam;Prijs;Hoofdcategorieën;Verzendmethoden;Materiaal;Foto's",
      `${name};"34,50";Wonen;Ophalen in het atelier; Pakket;Keramiek / aardewerk / porselein;${photo}`,
      'Te goedkope schaal;5;Wonen;Pakket;;',
    ]
      .join('\r\n')
      .replace('Ophalen in het atelier; Pakket', '"Ophalen in het atelier; Pakket"');
    const zip = Buffer.from(zipSync({ [`fotos/${photo}`]: new Uint8Array(await jpegFrom(page)) }));
    const inputs = page.locator('input[type="file"]');
    await inputs.nth(0).setInputFiles({ name: 'producten.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await inputs.nth(1).setInputFiles({ name: 'fotos.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByRole('button', { name: 'Voorbeeld bekijken' }).click();

    await page.getByRole('heading', { name: 'Voorbeeld: producten.csv' }).waitFor();
    await expect.poll(() => page.getByText("Kolom 'Prijs': De prijs moet hoger zijn dan 10").count()).toBe(1);
    await expect.poll(() => page.getByText(name).count()).toBeGreaterThan(0);
    for (const [label, viewport] of sizes) {
      await resize(page, viewport);
      await expectFitsViewport(page, `preview ${label}`);
      await expectAccessible(page, `preview ${label}`);
      await screenshot(page, `product-import-preview-${label}`);
    }
    await resize(page, PHONE);

    // The import by keyboard: focus the button and press Enter.
    await page.getByRole('button', { name: 'Importeren', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Import voltooid').waitFor();
    await expect.poll(() => page.getByText('1 product toegevoegd, 0 producten gewijzigd.').count()).toBe(1);
    for (const [label, viewport] of sizes) {
      await resize(page, viewport);
      await expectFitsViewport(page, `result ${label}`);
      await expectAccessible(page, `result ${label}`);
      await screenshot(page, `product-import-result-${label}`);
    }

    const href = await page.getByRole('link', { name }).getAttribute('href');
    await page.getByRole('link', { name }).click();
    await page.getByText(name).first().waitFor();
    await expect.poll(() => page.locator('img[src*="/uploads/images/"]').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
    // The browser tests share one database: the product made here goes again, so other lists stay as they were.
    const api = await apiAs(WORKSHOP_ADMIN.user, WORKSHOP_ADMIN.workshop);
    await api('DELETE', `products/${href?.split('/').pop()}`);
  }, 120_000);
});
