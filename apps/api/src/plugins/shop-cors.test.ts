import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { pages } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const STOREFRONT = 'http://127.0.0.1:5999';
const PUBLIC_URL = 'https://beheer.example.nl';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SHOP_ORIGINS: `${STOREFRONT}, https://winkel.example.nl`, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
});

const preflight = (url: string, origin: string, headers = 'content-type, idempotency-key') =>
  t.call('OPTIONS', url, {
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
  });

describe('SHOP_ORIGINS: CORS on the shop API only', () => {
  it('answers a listed origin on the shop API, with the headers a storefront reads', async () => {
    const res = await t.call('GET', '/api/shop/products', { headers: { origin: STOREFRONT } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const exposed = res.headers.get('access-control-expose-headers')?.toLowerCase() ?? '';
    for (const header of ['etag', 'retry-after', 'x-request-id', 'idempotent-replayed'])
      expect(exposed).toContain(header);
    expect(res.headers.get('vary')?.toLowerCase()).toContain('origin');
  });

  it('answers the preflight of an order with Idempotency-Key', async () => {
    const res = await preflight('/api/shop/reservations', 'https://winkel.example.nl');
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://winkel.example.nl');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
    expect(res.headers.get('access-control-max-age')).toBe('600');
  });

  it('gives an origin not listed no CORS header, so the browser refuses', async () => {
    const res = await t.call('GET', '/api/shop/products', { headers: { origin: 'https://kwaad.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight('/api/shop/reservations', 'https://kwaad.example');
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('keeps the back-office same-origin, even for a listed origin', async () => {
    const read = await t.call('GET', '/api/settings', { headers: { origin: STOREFRONT } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(read.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const pre = await preflight('/api/auth/login', STOREFRONT);
    expect(pre.status).toBe(404);
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets any origin embed the public images, and nothing else', async () => {
    const list = await t.call<{ items: { image: { thumbnail: string } | null }[] }>('GET', '/api/shop/products');
    const thumbnail = list.body.items.find((item) => item.image)?.image?.thumbnail;
    if (!thumbnail) throw new Error('the demo shop has no product with a photo');
    expect(thumbnail.startsWith(`${PUBLIC_URL}/uploads/images/`)).toBe(true);
    const image = await t.call('GET', thumbnail.slice(PUBLIC_URL.length));
    expect(image.status).toBe(200);
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('makes rich-text image URLs in the shop answers absolute', async () => {
    const [page] = await t.ctx.db.select({ id: pages.id, slug: pages.slug }).from(pages).limit(1);
    if (!page) throw new Error('the demo has no page');
    await t.ctx.db
      .update(pages)
      .set({ body: '<p>Zie</p><img src="/uploads/images/abc/original.jpg" alt="vaas">' })
      .where(eq(pages.id, page.id));
    const res = await t.call<{ body: string }>('GET', `/api/shop/pages/${page.slug}`, {
      headers: { origin: STOREFRONT },
    });
    expect(res.body.body).toBe(`<p>Zie</p><img src="${PUBLIC_URL}/uploads/images/abc/original.jpg" alt="vaas">`);
  });
});

describe('SHOP_ORIGINS in the configuration', () => {
  it('reads a comma-separated list and refuses what is not an origin', () => {
    expect(loadConfig({ SHOP_ORIGINS: 'https://a.example, http://127.0.0.1:8080' }).shopOrigins).toEqual([
      'https://a.example',
      'http://127.0.0.1:8080',
    ]);
    expect(loadConfig({}).shopOrigins).toEqual([]);
    expect(() => loadConfig({ SHOP_ORIGINS: 'https://a.example/winkel' })).toThrow(/SHOP_ORIGINS/);
    expect(() => loadConfig({ SHOP_ORIGINS: '*' })).toThrow(/SHOP_ORIGINS/);
  });
});
