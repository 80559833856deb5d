import type { Category, ErrorEnvelope, ProductPage } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCategories, products, tenants, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The overview's search, filters, sort and paging on the server (GET products with query parameters).

let t: TestApp;
let admin: string;
let otherAdmin: string;
let superAdmin: string;
let wonen: Category;
let kunst: Category;

const DRAAI = 'De Draaischijf';
const GLAS = 'Glasatelier Helder';
/** Every test product's name starts with this, so a search scopes a test to them (the demo data has others). */
const TAG = 'Zoekproef';

type Row = {
  code: string;
  name: string;
  cents: number;
  views?: number;
  published?: boolean;
  reserved?: boolean;
  sold?: boolean;
  category?: () => Category;
  unique?: boolean;
  quantity?: number;
};

async function insert(workshop: string, rows: Row[]) {
  const [workshopRow] = await t.ctx.db.select().from(tenants).where(eq(tenants.name, workshop));
  if (!workshopRow) throw new Error(`no workshop ${workshop}`);
  const [creator] = await t.ctx.db.select().from(users).where(eq(users.tenantId, workshopRow.id)).limit(1);
  for (const [i, row] of rows.entries()) {
    const [p] = await t.ctx.db
      .insert(products)
      .values({
        tenantId: workshopRow.id,
        productNumber: row.code,
        name: row.name,
        description: '',
        priceCents: row.cents,
        viewCount: row.views ?? 0,
        isPublished: row.published ?? true,
        isReserved: row.reserved ?? false,
        isSold: row.sold ?? false,
        isUniqueEdition: row.unique ?? true,
        quantity: row.quantity ?? 1,
        creatorId: creator?.id ?? null,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })
      .returning();
    if (!p) throw new Error('not inserted');
    if (row.category)
      await t.ctx.db.insert(productCategories).values({ productId: p.id, categoryId: row.category().id });
  }
}

const page = (query: string, token = admin) =>
  t.call<ProductPage & ErrorEnvelope>('GET', `/api/products?${query}`, { token });
const names = (res: { body: ProductPage }) => res.body.items.map((p) => p.name);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', DRAAI);
  otherAdmin = await t.tokenFor('beheer@glasatelierhelder.nl', GLAS);
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
  const cats = await t.call<Category[]>('GET', '/api/categories/all', { token: admin });
  wonen = cats.body.find((c) => c.title === 'Wonen') as Category;
  kunst = cats.body.find((c) => c.title === 'Kunst') as Category;
  await insert(DRAAI, [
    { code: 'ZP-001', name: `${TAG} blauwe vaas`, cents: 4500, views: 7, category: () => wonen },
    { code: 'ZP-002', name: `${TAG} rode schaal`, cents: 2500, views: 3, published: false, category: () => kunst },
    { code: 'ZP-003', name: `${TAG} groene mok`, cents: 1500, views: 12, reserved: true, category: () => wonen },
    { code: 'ZP-004', name: `${TAG} witte kan`, cents: 9900, views: 0, sold: true, reserved: true },
    { code: 'ZP-005', name: `${TAG} zwarte beker`, cents: 1200, views: 5, unique: false, quantity: 6 },
  ]);
  await insert(GLAS, [{ code: 'ZP-901', name: `${TAG} glazen vaas`, cents: 3000, category: () => wonen }]);
});
afterAll(async () => {
  await t?.close();
});

describe('GET products for the overview', () => {
  it('keeps the original plain call: the newest products, totalCount always the total', async () => {
    const plain = await t.call<ProductPage>('GET', '/api/products', { token: admin });
    const spec = await page('maxResultCount=999');
    expect(plain.status).toBe(200);
    expect(spec.body).toEqual(plain.body);
    expect(plain.body.totalCount).toBe(plain.body.items.length);
    const two = await page('maxResultCount=2');
    expect(two.body.items).toEqual(plain.body.items.slice(0, 2));
    expect(two.body.totalCount).toBe(plain.body.totalCount);
    expect(two.body.totalCount).toBeGreaterThan(2);
  });

  it('searches the name and the code, any case, with its own wildcards taken literally', async () => {
    expect(names(await page('search=GROENE%20MOK'))).toEqual([`${TAG} groene mok`]);
    expect(names(await page('search=zp-004'))).toEqual([`${TAG} witte kan`]);
    expect((await page(`search=${TAG}`)).body.totalCount).toBe(5);
    expect((await page('search=ZP_00')).body.totalCount).toBe(0);
    expect((await page('search=%25')).body.totalCount).toBe(0);
  });

  it('filters on published, availability and category', async () => {
    const q = `search=${TAG}`;
    expect(names(await page(`${q}&published=false`))).toEqual([`${TAG} rode schaal`]);
    expect((await page(`${q}&published=true`)).body.totalCount).toBe(4);
    expect(names(await page(`${q}&availability=sold`))).toEqual([`${TAG} witte kan`]);
    expect(names(await page(`${q}&availability=reserved`))).toEqual([`${TAG} groene mok`]);
    expect(names(await page(`${q}&availability=available&sorting=name`))).toEqual([
      `${TAG} blauwe vaas`,
      `${TAG} rode schaal`,
      `${TAG} zwarte beker`,
    ]);
    expect(names(await page(`${q}&categoryId=${wonen.id}&sorting=name`))).toEqual([
      `${TAG} blauwe vaas`,
      `${TAG} groene mok`,
    ]);
    expect(names(await page(`${q}&categoryId=${kunst.id}&published=false&availability=available`))).toEqual([
      `${TAG} rode schaal`,
    ]);
  });

  it('sorts on the asked column in both directions', async () => {
    const q = `search=${TAG}`;
    const prices = (await page(`${q}&sorting=price desc`)).body.items.map((p) => p.price);
    expect(prices).toEqual([99, 45, 25, 15, 12]);
    const views = (await page(`${q}&sorting=viewCount`)).body.items.map((p) => p.viewCount);
    expect(views).toEqual([0, 3, 5, 7, 12]);
    const codes = (await page(`${q}&sorting=productNumber%20DESC`)).body.items.map((p) => p.productNumber);
    expect(codes).toEqual(['ZP-005', 'ZP-004', 'ZP-003', 'ZP-002', 'ZP-001']);
    const states = (await page(`${q}&sorting=state desc`)).body.items.map((p) => p.name);
    expect(states.slice(0, 2)).toEqual([`${TAG} witte kan`, `${TAG} groene mok`]);
  });

  it('pages with the total of every match', async () => {
    const q = `search=${TAG}&sorting=productNumber&maxResultCount=2`;
    const first = await page(`${q}&skipCount=0`);
    const second = await page(`${q}&skipCount=2`);
    const last = await page(`${q}&skipCount=4`);
    expect(first.body.totalCount).toBe(5);
    expect(last.body.totalCount).toBe(5);
    expect([...first.body.items, ...second.body.items, ...last.body.items].map((p) => p.productNumber)).toEqual([
      'ZP-001',
      'ZP-002',
      'ZP-003',
      'ZP-004',
      'ZP-005',
    ]);
    expect((await page(`${q}&skipCount=10`)).body).toEqual({ items: [], totalCount: 5 });
  });

  it('shows stock: the quantity of a product that is not a unique edition', async () => {
    const [beker] = (await page('search=zwarte beker')).body.items;
    expect(beker).toMatchObject({ isUniqueEdition: false, quantity: 6 });
  });

  it('keeps every tenant to its own products, the super admin sees all', async () => {
    expect(names(await page(`search=${TAG}`, otherAdmin))).toEqual([`${TAG} glazen vaas`]);
    expect((await page(`search=${TAG}&categoryId=${wonen.id}`, otherAdmin)).body.totalCount).toBe(1);
    expect((await page(`search=ZP-001`, otherAdmin)).body.totalCount).toBe(0);
    expect((await page(`search=${TAG}`, superAdmin)).body.totalCount).toBe(6);
  });

  it('refuses what it does not know, naming it', async () => {
    for (const bad of [
      'published=ja',
      'availability=weg',
      'categoryId=12',
      'sorting=description',
      'skipCount=-1',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await page(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.validationErrors?.[0]?.members, bad).toEqual([bad.split('=')[0]]);
    }
    const unknown = await page('status=open');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.validationErrors?.[0]?.members).toEqual(['status']);
  });

  it('answers 304 for the same page and filter, and a new list for another filter', async () => {
    const first = await page(`search=${TAG}&published=true`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await t.call('GET', `/api/products?search=${TAG}&published=true`, {
      token: admin,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const other = await t.call('GET', `/api/products?search=${TAG}&published=false`, {
      token: admin,
      headers: { 'if-none-match': etag },
    });
    expect(other.status).toBe(200);
  });
});
