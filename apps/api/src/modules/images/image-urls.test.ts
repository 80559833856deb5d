/**
 * Where image URLs point (docs/decisions/0021-delivery.md): the back-office's answers
 * are relative to the app, so photos load at whatever address the app is opened with (127.0.0.1, a LAN address, a
 * proxy); the shop, on another origin, gets absolute URLs on PUBLIC_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const PUBLIC_URL = 'https://beheer.example.nl';

let t: TestApp;
let admin: string;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

/** Every string in an answer that names a stored image. */
function imageUrls(value: unknown): string[] {
  if (typeof value === 'string') return value.includes('/uploads/images/') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(imageUrls);
  if (value && typeof value === 'object') return Object.values(value).flatMap(imageUrls);
  return [];
}

describe('image URLs in API answers', () => {
  it('are relative to the app in every back-office answer that carries images', async () => {
    const products = await t.call<{ items: { id: string }[] }>('GET', '/api/products?maxResultCount=999', {
      token: admin,
    });
    const product = await t.call('GET', `/api/products/${products.body.items[0]?.id}`, { token: admin });
    const answers = {
      products: products.body,
      product: product.body,
      reservations: (await t.call('GET', '/api/reservations/all', { token: admin })).body,
      workspaces: (await t.call('GET', '/api/workspaces/all', { token: superToken })).body,
      featured: (await t.call('GET', '/api/products/featured', { token: superToken })).body,
    };
    for (const [name, body] of Object.entries(answers)) {
      const urls = imageUrls(body);
      expect(urls.length, name).toBeGreaterThan(0);
      for (const url of urls)
        expect(url, name).toMatch(/^\/uploads\/images\/[0-9a-f-]+\/(original|medium|thumbnail)\./);
    }
    // …and they load from the server that answered.
    const [first] = imageUrls(answers.products);
    const served = await fetch(`${t.baseUrl}${first}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
  });

  it('are absolute on PUBLIC_URL in the shop API, which is read on another origin', async () => {
    const list = await t.call<{ items: { id: string }[] }>('GET', '/api/shop/products?maxResultCount=50');
    const answers = {
      products: list.body,
      product: (await t.call('GET', `/api/shop/products/${list.body.items[0]?.id}`)).body,
      workspaces: (await t.call('GET', '/api/shop/workspaces')).body,
    };
    for (const [name, body] of Object.entries(answers)) {
      const urls = imageUrls(body);
      expect(urls.length, name).toBeGreaterThan(0);
      for (const url of urls) expect(url.startsWith(`${PUBLIC_URL}/uploads/images/`), `${name}: ${url}`).toBe(true);
    }
  });
});
