import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  closeContexts,
  expectAccessible,
  launch,
  openPage,
  screenshot,
  storefrontOrigin,
} from './support/browser.ts';

/**
 * The example storefront (examples/storefront) served from its own origin on 127.0.0.1, as a developer starts: its
 * listed origin (SHOP_ORIGINS in global-setup.ts) reads products with their photos, orders and signs up; an origin
 * not listed is refused by the browser.
 */
const folder = path.resolve(import.meta.dirname, '../examples/storefront');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serveStorefront(port: number): Promise<Server> {
  const server = createServer(async (req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html');
    const file = path.join(folder, path.basename(name));
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': `${TYPES[path.extname(file)] ?? 'text/plain'}; charset=utf-8` }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: Server) => {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
};

let browser: Browser;
let listed: Server;
let unlisted: Server;
beforeAll(async () => {
  browser = await launch();
  listed = await serveStorefront(Number(new URL(storefrontOrigin()).port));
  unlisted = await serveStorefront(0);
});
afterAll(async () => {
  await closeContexts(browser);
  listed?.close();
  unlisted?.close();
});

describe('the example storefront on its own origin', () => {
  it('lists products with photos, places an order and signs up for the newsletter', async () => {
    const origin = storefrontOrigin();
    expect(origin).not.toBe(baseUrl());
    const { page, context } = await openPage(browser, { width: 1366, height: 768 }, '/api/health');
    await page.goto(`${origin}/?api=${encodeURIComponent(baseUrl())}`);
    await page.getByText(/\d+ producten geladen\./).waitFor();
    const photos = page.locator('.products img');
    expect(await photos.count()).toBeGreaterThan(0);
    await photos.first().scrollIntoViewIfNeeded();
    await expect
      .poll(() => photos.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // A product that is not unique, so this order does not pause another test's reservation.
    const list = (await (await fetch(`${baseUrl()}/api/shop/products?pageSize=12`)).json()) as {
      items: { id: string; isUniqueEdition: boolean; isSold: boolean }[];
    };
    const product = list.items.find((p) => !p.isUniqueEdition && !p.isSold);
    if (!product) throw new Error('no free product in the demo');
    const form = page.locator('#order');
    await form.getByLabel('Product').selectOption(product.id);
    await expect.poll(() => form.getByLabel('Bezorging').locator('option').count()).toBeGreaterThan(0);
    await form.getByLabel('Naam').fill('Winkel Klant');
    await form.getByLabel('E-mailadres').fill('winkel.klant@example.nl');
    await form.getByLabel('Straat').fill('Oudegracht');
    await form.getByLabel('Huisnummer').fill('12');
    await form.getByLabel('Postcode').fill('3511 AB');
    await form.getByLabel('Plaats').fill('Utrecht');
    await form.getByRole('button', { name: 'Reservering plaatsen' }).click();
    await page.getByText(/Reservering \S+ is geplaatst\./).waitFor();

    const newsletter = page.locator('#newsletter');
    await newsletter.getByLabel('E-mailadres').fill('winkel.nieuws@example.nl');
    await newsletter.getByRole('button', { name: 'Aanmelden' }).click();
    await page.getByText('Je bent aangemeld voor de nieuwsbrief.').waitFor();
    await expectAccessible(page, 'example storefront');
    await screenshot(page, 'storefront-example');
    await context.close();
  });

  it('is refused by the browser from an origin not in SHOP_ORIGINS', async () => {
    const { page, context, errors } = await openPage(browser, { width: 1366, height: 768 }, '/api/health');
    await page.goto(`http://127.0.0.1:${portOf(unlisted)}/?api=${encodeURIComponent(baseUrl())}`);
    await page.getByText(/De winkel kon niet laden/).waitFor();
    expect(await page.locator('.products li').count()).toBe(0);
    expect(errors.join('\n')).toMatch(/CORS/);
    await screenshot(page, 'storefront-example-refused');
    await context.close();
  });
});
