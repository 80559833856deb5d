import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Category, Product, ProductListItem } from '@ateliermarkt/contract';
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
  screenshot,
  type Viewport,
} from './support/browser.ts';
import { type Api, apiAs } from './support/content-api.ts';
import { openSignedIn, WORKSHOP_ADMIN } from './support/login.ts';
import { placeShopOrders } from './support/shop-orders.ts';

/**
 * `settled` of support/settled.ts without its network-idle wait: a workshop admin's page keeps the live-events
 * stream open, so a page loaded with goto never goes network-idle. Each step below first waits for
 * what it is about (a row, a count, a notice); this waits for dialogs and notices to finish fading in.
 */
async function calm(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

async function expectFits(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: page wider than the viewport`).toBeLessThanOrEqual(innerWidth);
}

let browser: Browser;
let admin: Api;
beforeAll(async () => {
  browser = await launch();
  admin = await apiAs(WORKSHOP_ADMIN.user, WORKSHOP_ADMIN.workshop);
});
afterAll(async () => {
  await closeContexts(browser);
});

/** Two fresh published products of De Draaischijf, so the demo's own products stay as other tests read them. */
async function twoProducts(prefix: string): Promise<Product[]> {
  const [wonen] = (await admin<Category[]>('GET', 'categories/all')).filter((c) => c.title === 'Wonen');
  const made: Product[] = [];
  for (const letter of ['A', 'B']) {
    const product = await admin<Product>('POST', 'products', {
      name: `${prefix} ${letter} ${Date.now().toString(36)}`,
      description: 'Voor de bulktest.',
      extraInformation: '',
      material: 'Hout',
      isUniqueEdition: true,
      categories: [{ id: wonen?.id }],
      customCategories: [],
      price: 24.5,
      weight: 500,
      length: 10,
      width: 10,
      height: 20,
      deliveryMethods: [{ id: 1 }, { id: 3 }],
      images: [],
      authorName: 'Marieke',
      authorDescription: 'Draait al twintig jaar.',
      authorImage: null,
    });
    await admin('POST', `products/${product.id}/publish-status`, { id: product.id, isPublished: true });
    made.push(product);
  }
  return made;
}

async function openAs(viewport: Viewport, screen: string) {
  return openSignedIn(browser, WORKSHOP_ADMIN, viewport, screen);
}

const isPublished = async (id: string) =>
  (await admin<{ items: ProductListItem[] }>('GET', 'products?maxResultCount=999')).items.find((p) => p.id === id)
    ?.isPublished;

describe('bulk work on products', () => {
  for (const viewport of [LAPTOP, PHONE]) {
    it(`selects two products and takes them offline in one confirmation (${viewport.width}px)`, async () => {
      const products = await twoProducts(`Bulkvaas ${viewport.width}`);
      const { page, errors } = await openAs(viewport, '/products');
      await page.getByRole('heading', { name: 'Alle producten' }).waitFor();
      for (const p of products) await page.getByRole('checkbox', { name: `${p.name} selecteren` }).check();
      const bar = page.getByRole('status').filter({ hasText: '2 geselecteerd' });
      await bar.waitFor();
      await calm(page);
      await expectAccessible(page, `products with a selection at ${viewport.width}`);
      await expectFits(page, `products with a selection at ${viewport.width}`);
      await screenshot(page, `bulk-products-selected-${viewport.width}`);

      await page.getByRole('button', { name: 'Offline halen', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Weet je het zeker?' });
      await dialog.getByText('2 producten worden offline gehaald').waitFor();
      await calm(page);
      await screenshot(page, `bulk-products-confirm-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Offline halen' }).click();
      await page.getByText('2 producten zijn offline gehaald.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      expect(await isPublished(products[0]?.id ?? '')).toBe(false);
      expect(await isPublished(products[1]?.id ?? '')).toBe(false);
      // The selection is gone with the work done.
      await bar.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });
  }

  it('lists what could not be done: a product in a reservation is not deleted', async () => {
    const [free, ordered] = await twoProducts('Bulkschaal');
    if (!free || !ordered) throw new Error('no products');
    const order = await fetch(`${baseUrl()}/api/shop/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bulk Klant',
        email: 'bulk@example.nl',
        street: 'Stroomweg',
        streetNumber: '14',
        zipCode: '3511 AB',
        city: 'Utrecht',
        deliveryMethodId: 3,
        products: [{ productId: ordered.id, quantity: 1 }],
      }),
    });
    expect(order.status).toBe(201);
    const { page } = await openAs(LAPTOP, '/products');
    for (const p of [free, ordered]) await page.getByRole('checkbox', { name: `${p.name} selecteren` }).check();
    await page.getByRole('button', { name: 'Verwijderen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Weet je het zeker?' });
    await dialog.getByText('2 producten worden verwijderd. Dit kan niet ongedaan worden.').waitFor();
    await dialog.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByText('1 product is verwijderd.').waitFor();
    await page.getByText(`• ${ordered.name}: Dit product staat in een reservering`).waitFor();
    await calm(page);
    await expectAccessible(page, 'bulk result with a failure');
    await screenshot(page, 'bulk-products-result');
    const left = (await admin<{ items: ProductListItem[] }>('GET', 'products?maxResultCount=999')).items;
    expect(left.map((p) => p.id)).toContain(ordered.id);
    expect(left.map((p) => p.id)).not.toContain(free.id);
  });
});

/** Approves a shop order and pays it on the demo payment page, as the customer would. */
async function approveAndPay(id: string, orderNumber: string) {
  await admin('POST', `reservations/${id}/confirm`);
  const payLink = () =>
    readOutbox(dataDir())
      .map((m) => (m.text.includes(orderNumber) ? /https?:\/\/\S+\/betalen\/[\w-]+/.exec(m.text)?.[0] : undefined))
      .find(Boolean);
  await expect.poll(payLink).toBeTruthy();
  const paid = await fetch(payLink() ?? '', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(paid.status).toBe(200);
}

async function downloadLabels(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Labels downloaden' }).click(),
  ]);
  const file = path.resolve(import.meta.dirname, '../test-results', `labels-${Date.now()}.pdf`);
  await download.saveAs(file);
  return { name: download.suggestedFilename(), file };
}

describe('labels of paid reservations', () => {
  it('selects two paid reservations and downloads their labels as one PDF, one page each', async () => {
    const placed = await placeShopOrders(2, { name: 'Labels Klant', email: 'labels@example.nl' });
    for (const r of placed) await approveAndPay(r.id, r.orderNumber);
    const { page, errors } = await openAs(LAPTOP, '/reservations');
    for (const r of placed) {
      const row = page.getByRole('row').filter({ hasText: r.orderNumber });
      await row.getByText('Betaald').waitFor();
      await page.getByRole('checkbox', { name: `reservering ${r.orderNumber} selecteren` }).check();
    }
    // A reservation that is not paid yet cannot be chosen.
    const unpaid = page.getByRole('row').filter({ hasText: 'Wachten op betaling' }).first();
    expect(await unpaid.getByRole('checkbox').isDisabled()).toBe(true);
    await page.getByRole('status').filter({ hasText: '2 geselecteerd' }).waitFor();
    await calm(page);
    await expectAccessible(page, 'reservations with a selection');
    await screenshot(page, 'bulk-labels-selected-1366');

    const { name, file } = await downloadLabels(page);
    expect(name).toBe('labels.pdf');
    expect(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]).toBe('2');
    const pages = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).split('\f');
    expect(pages[0]).toContain(`Bestelnummer ${placed[0]?.orderNumber}`);
    expect(pages[1]).toContain(`Bestelnummer ${placed[1]?.orderNumber}`);
    expect(errors).toEqual([]);
  });

  it('offers the same on a phone', async () => {
    const [r] = await placeShopOrders(1, { name: 'Labels Telefoon', email: 'labels-telefoon@example.nl' });
    if (!r) throw new Error('no reservation');
    await approveAndPay(r.id, r.orderNumber);
    const { page } = await openAs(PHONE, '/reservations');
    await page.getByRole('checkbox', { name: `reservering ${r.orderNumber} selecteren` }).check();
    await page.getByRole('status').filter({ hasText: '1 geselecteerd' }).waitFor();
    await calm(page);
    await expectAccessible(page, 'reservations with a selection on a phone');
    await expectFits(page, 'reservations with a selection on a phone');
    await screenshot(page, 'bulk-labels-selected-390');
    const { file } = await downloadLabels(page);
    expect(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]).toBe('1');
  });
});
