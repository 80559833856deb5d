import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** No shared or browser cache keeps an API answer unless the route says so. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
});
afterAll(async () => {
  await t?.close();
});

describe('Cache-Control of API answers', () => {
  it('is no-store on authenticated JSON answers, errors and the tokens of a log-in', async () => {
    const profile = await t.call('GET', '/api/identity/my-profile', { token: admin });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('no-store');

    const product = await t.call<{ items: { id: string }[] }>('GET', '/api/products?maxResultCount=1', {
      token: admin,
    });
    const id = product.body.items[0]?.id;
    const one = await t.call('GET', `/api/products/${id}`, { token: admin });
    expect(one.status).toBe(200);
    expect(one.headers.get('cache-control')).toBe('no-store');

    const login = await t.login('beheer@dedraaischijf.nl', 'De Draaischijf');
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');

    const missing = await t.call('GET', `/api/products/${crypto.randomUUID()}`, { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-store');
    const anonymous = await t.call('GET', '/api/identity/my-profile');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps private, no-cache with the ETag on the lists, and their 304', async () => {
    const first = await t.call('GET', '/api/products', { token: admin });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await t.call('GET', '/api/products', { token: admin, headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
    expect(again.headers.get('etag')).toBe(etag);

    const shop = await t.call('GET', '/api/shop/products');
    expect(shop.headers.get('cache-control')).toBe('public, no-cache');
  });
});
