import type { ProductListItem, Reservation } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let superAdmin: string;

const WORKSHOP = 'De Draaischijf';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', WORKSHOP);
  otherAdmin = await t.tokenFor('beheer@glasatelierhelder.nl', 'Glasatelier Helder');
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string, etag?: string) =>
  t.call('GET', url, { token, headers: etag ? { 'if-none-match': etag } : {} });

async function etagOf(url: string, token?: string): Promise<string> {
  const res = await get(url, token);
  expect(res.status).toBe(200);
  const etag = res.headers.get('etag');
  if (!etag) throw new Error(`no ETag on ${url}`);
  return etag;
}

/** The SQL the database driver runs while `action` runs (PGlite and node-postgres both go through `query`). */
async function sqlDuring(action: () => Promise<unknown>): Promise<string[]> {
  const client = (t.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await action();
    return spy.mock.calls.map((call) => {
      const first = call[0];
      return typeof first === 'string' ? first : String((first as { text?: string }).text ?? '');
    });
  } finally {
    spy.mockRestore();
  }
}

describe('conditional GET of the lists', () => {
  it('answers an unchanged products list with 304 and no body, without running the list query', async () => {
    const etag = await etagOf('/api/products?maxResultCount=999', admin);
    expect(etag).toMatch(/^W\/".+"$/);
    let res: Awaited<ReturnType<typeof get>> | undefined;
    const queries = await sqlDuring(async () => {
      res = await get('/api/products?maxResultCount=999', admin, etag);
    });
    expect(res?.status).toBe(304);
    expect(res?.body).toBeNull();
    expect(res?.headers.get('etag')).toBe(etag);
    expect(queries).toHaveLength(1);
    expect(queries[0]).toContain('"data_versions"');
    // Without the header, the same list is built again (the query spy sees the products query).
    const full = await sqlDuring(() => get('/api/products?maxResultCount=999', admin));
    expect(full.some((q) => q.includes('from "products"'))).toBe(true);
  });

  it("changes the products list's ETag on a change in the tenant, and only there", async () => {
    const url = '/api/products?maxResultCount=999';
    const mine = await etagOf(url, admin);
    const theirs = await etagOf(url, otherAdmin);
    const all = await etagOf(url, superAdmin);
    expect(new Set([mine, theirs, all]).size).toBe(3);
    const list = await t.call<{ items: ProductListItem[] }>('GET', url, { token: admin });
    const product = list.body.items.find((p) => p.isPublished && !p.isReserved && !p.isSold);
    if (!product) throw new Error('no published product');
    const unpublish = await t.call('POST', `/api/products/${product.id}/publish-status`, {
      token: admin,
      body: { id: product.id, isPublished: false },
    });
    expect(unpublish.status).toBe(204);
    expect((await get(url, admin, mine)).status).toBe(200);
    expect(await etagOf(url, admin)).not.toBe(mine);
    expect((await get(url, otherAdmin, theirs)).status).toBe(304);
    expect((await get(url, superAdmin, all)).status).toBe(200);
  });

  it('changes the ETag when a joined table changes: the creator renames (the list shows the name)', async () => {
    const url = '/api/products?maxResultCount=999';
    const before = await etagOf(url, admin);
    const profile = await t.call<Record<string, unknown>>('GET', '/api/identity/my-profile', { token: admin });
    const renamed = await t.call('PUT', '/api/identity/my-profile', {
      token: admin,
      body: { ...profile.body, name: 'Marieke-Anne' },
    });
    expect(renamed.status).toBe(200);
    expect((await get(url, admin, before)).status).toBe(200);
  });

  it('answers reservations/all with 304 until a transition changes it, without running the list query', async () => {
    const url = '/api/reservations/all';
    const etag = await etagOf(url, admin);
    const queries = await sqlDuring(async () => expect((await get(url, admin, etag)).status).toBe(304));
    expect(queries.some((q) => q.includes('"reservations"'))).toBe(false);
    const list = await t.call<Reservation[]>('GET', url, { token: admin });
    const fresh = list.body.find((r) => r.status.code === 0 && !r.isPaused);
    if (!fresh) throw new Error('no new reservation');
    expect((await t.call('POST', `/api/reservations/${fresh.id}/reject`, { token: admin })).status).toBe(204);
    expect((await get(url, admin, etag)).status).toBe(200);
    const superEtag = await etagOf(url, superAdmin);
    expect(superEtag).not.toBe(etag);
    expect((await get(url, superAdmin, superEtag)).status).toBe(304);
  });

  it("answers the shop's product list with 304 per page, public, until a product changes", async () => {
    const page1 = await etagOf('/api/shop/products?page=1&pageSize=12');
    const page2 = await etagOf('/api/shop/products?page=2&pageSize=12');
    expect(page1).not.toBe(page2);
    const res = await get('/api/shop/products?page=1&pageSize=12', undefined, page1);
    expect(res.status).toBe(304);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const list = await t.call<{ items: ProductListItem[] }>('GET', '/api/products?maxResultCount=999', {
      token: otherAdmin,
    });
    const product = list.body.items.find((p) => p.isPublished);
    if (!product) throw new Error('no published product');
    await t.call('POST', `/api/products/${product.id}/publish-status`, {
      token: otherAdmin,
      body: { id: product.id, isPublished: false },
    });
    expect((await get('/api/shop/products?page=1&pageSize=12', undefined, page1)).status).toBe(200);
  });
});
