import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  categories,
  featuredProducts,
  productCategories,
  productImages,
  products,
  productViews,
  tenants,
  workspaces,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { forgetEarlierDays, viewDay } from './product-views.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown>;
type Item = Json & { id: string; name: string; workspace: { name: string; slug: string }; categories: Json[] };
type Page = { items: Item[]; totalCount: number };

const ITEM_FIELDS = [
  'categories',
  'id',
  'image',
  'isReserved',
  'isSold',
  'isUniqueEdition',
  'name',
  'price',
  'productNumber',
  'workspace',
];
const PRODUCT_FIELDS = [
  ...ITEM_FIELDS,
  'author',
  'available',
  'madeToMeasure',
  'deliveryMethods',
  'description',
  'extraInformation',
  'format',
  'images',
  'material',
  'weight',
].sort();
const IMAGE_FIELDS = ['fileMedium', 'fileOriginal', 'id', 'thumbnail'];
const CATEGORY_FIELDS = ['id', 'isMainCategory', 'title'];
/** `holiday` is null unless one is current or upcoming (holiday-and-iban.routes.test.ts). */
const WORKSHOP_FIELDS = ['holiday', 'name', 'slug'];

const keys = (o: unknown) => Object.keys(o as Json).sort();

function expectItemFields(item: Item) {
  expect(keys(item)).toEqual(ITEM_FIELDS);
  expect(keys(item.workspace)).toEqual(WORKSHOP_FIELDS);
  if (item.image) expect(keys(item.image)).toEqual(IMAGE_FIELDS);
  for (const c of item.categories) expect(keys(c)).toEqual(CATEGORY_FIELDS);
}

/** Every key anywhere in a JSON value. */
function allKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, into);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      allKeys(v, into);
    }
  return into;
}

const list = (query = '') => t.call<Page>('GET', `/api/shop/products${query}`);
const everything = async (query = '') => (await list(`?pageSize=100${query}`)).body;

async function publicCount() {
  const [row] = await t.ctx.db
    .select({ n: count() })
    .from(products)
    .innerJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
    .where(and(eq(products.isPublished, true), eq(workspaces.isPublished, true)));
  return row?.n ?? 0;
}

async function viewCountOf(id: string) {
  const [row] = await t.ctx.db.select({ n: products.viewCount }).from(products).where(eq(products.id, id));
  return row?.n;
}

async function setWorkshopPublished(name: string, isPublished: boolean) {
  await t.ctx.db.update(workspaces).set({ isPublished }).where(eq(workspaces.name, name));
}

async function productsOf(slug: string) {
  return t.ctx.db
    .select({ id: products.id, name: products.name, isPublished: products.isPublished })
    .from(products)
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .where(eq(tenants.slug, slug))
    .orderBy(asc(products.productNumber));
}

describe('GET /api/shop/products', () => {
  it('lists only published products of published workshops, with exactly the public fields', async () => {
    const page = await everything();
    expect(keys(page)).toEqual(['items', 'totalCount']);
    expect(page.totalCount).toBe(await publicCount());
    expect(page.totalCount).toBeGreaterThan(20);
    expect(page.items).toHaveLength(page.totalCount);
    const slugs = new Set(page.items.map((i) => i.workspace.slug));
    expect([...slugs].sort()).toEqual(['de-draaischijf', 'glasatelier-helder']);
    const drafts = (await productsOf('de-draaischijf')).filter((p) => !p.isPublished);
    expect(drafts.length).toBeGreaterThan(0);
    for (const d of drafts) expect(page.items.map((i) => i.id)).not.toContain(d.id);
    for (const item of page.items) expectItemFields(item);
    expect(page.items.some((i) => i.image !== null)).toBe(true);
    expect(page.items.every((i) => i.categories.length > 0)).toBe(true);
  });

  it('drops a product and a workshop the moment they are unpublished', async () => {
    const before = await everything();
    const product = before.items.find((i) => i.workspace.slug === 'de-draaischijf');
    if (!product) throw new Error('no product');
    const glass = before.items.filter((i) => i.workspace.slug === 'glasatelier-helder').length;
    await t.ctx.db.update(products).set({ isPublished: false }).where(eq(products.id, product.id));
    await setWorkshopPublished('Glasatelier Helder', false);
    try {
      const after = await everything();
      expect(after.items.map((i) => i.id)).not.toContain(product.id);
      expect(after.items.every((i) => i.workspace.slug === 'de-draaischijf')).toBe(true);
      expect(after.totalCount).toBe(before.totalCount - glass - 1);
      expect((await t.call('GET', `/api/shop/products/${product.id}`)).status).toBe(404);
    } finally {
      await t.ctx.db.update(products).set({ isPublished: true }).where(eq(products.id, product.id));
      await setWorkshopPublished('Glasatelier Helder', true);
    }
    expect((await everything()).totalCount).toBe(before.totalCount);
  });

  it('pages through the products (24 by default, at most 100)', async () => {
    const all = await everything();
    const first = await list();
    expect(first.body.items).toHaveLength(Math.min(24, all.totalCount));
    const one = await list('?page=1&pageSize=5');
    const two = await list('?page=2&pageSize=5');
    expect(one.body.totalCount).toBe(all.totalCount);
    expect(two.body.totalCount).toBe(all.totalCount);
    expect([...one.body.items, ...two.body.items].map((i) => i.id)).toEqual(all.items.slice(0, 10).map((i) => i.id));
    const last = Math.ceil(all.totalCount / 5);
    expect((await list(`?page=${last + 1}&pageSize=5`)).body.items).toEqual([]);
    expect((await list(`?page=${last}&pageSize=5`)).body.items.length).toBe(all.totalCount - (last - 1) * 5);
    for (const wrong of ['?pageSize=101', '?pageSize=0', '?page=0', '?page=een', '?category=geen-id'])
      expect((await list(wrong)).status, wrong).toBe(400);
  });

  it('filters by workshop slug, category and name (case-insensitive, wildcards are literal)', async () => {
    const all = await everything();
    const draai = await everything('&workspace=de-draaischijf');
    expect(draai.totalCount).toBe(all.items.filter((i) => i.workspace.slug === 'de-draaischijf').length);
    expect(draai.items.every((i) => i.workspace.slug === 'de-draaischijf')).toBe(true);
    expect((await everything('&workspace=wolwerk-textielstudio')).totalCount).toBe(0);

    const category = all.items[0]?.categories[0] as { id: string; title: string };
    const inCategory = await everything(`&category=${category.id}`);
    expect(inCategory.totalCount).toBe(all.items.filter((i) => i.categories.some((c) => c.id === category.id)).length);
    expect(inCategory.totalCount).toBeGreaterThan(0);
    // The filter does not cut the product's other categories from its answer.
    expect(inCategory.items.some((i) => i.categories.length > 1)).toBe(true);

    const vaas = await everything('&q=VAAS&workspace=de-draaischijf');
    expect(vaas.items.map((i) => i.name).sort()).toEqual(['Blauwe vaas met reliëf', 'Vaas Hoog en Smal']);
    expect(vaas.totalCount).toBe(2);
    for (const literal of ['%', '_', '\\'])
      expect((await everything(`&q=${encodeURIComponent(literal)}`)).totalCount).toBe(0);
    const combined = await everything(`&q=vaas&category=${category.id}&workspace=glasatelier-helder`);
    for (const i of combined.items) {
      expect(i.workspace.slug).toBe('glasatelier-helder');
      expect(i.name.toLowerCase()).toContain('vaas');
    }
  });

  it('loads a full page in four queries: the data version (ETag), the rows, one count and the categories (no query per product)', async () => {
    // Counted at the driver (PGlite's client or the pg pool), where Drizzle's and raw-select's statements both go.
    const driver = (t.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(driver, 'query');
    try {
      const page = await list('?pageSize=100');
      expect(page.body.items.length).toBeGreaterThan(20);
      expect(query).toHaveBeenCalledTimes(4);
    } finally {
      query.mockRestore();
    }
  });
});

describe('GET /api/shop/products/{id}', () => {
  it('shows a product with exactly the public fields, images in order, and counts the view once per visitor', async () => {
    const [item] = (await list('?workspace=de-draaischijf')).body.items;
    if (!item) throw new Error('no product');
    const before = await viewCountOf(item.id);
    const res = await t.call<Json & { images: Json[]; deliveryMethods: Json[]; author: Json }>(
      'GET',
      `/api/shop/products/${item.id}`,
    );
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(PRODUCT_FIELDS);
    expect(keys(res.body.author)).toEqual(['description', 'image', 'name']);
    expect(keys(res.body.workspace)).toEqual(WORKSHOP_FIELDS);
    for (const m of res.body.deliveryMethods) expect(keys(m)).toEqual(['id', 'name', 'price']);
    for (const c of res.body.categories as Json[]) expect(keys(c)).toEqual(CATEGORY_FIELDS);
    for (const i of res.body.images) expect(keys(i)).toEqual(IMAGE_FIELDS);
    expect(res.body.deliveryMethods.length).toBeGreaterThan(0);
    expect(res.body).toMatchObject({
      id: item.id,
      name: item.name,
      price: item.price,
      categories: item.categories,
    });
    const stored = await t.ctx.db
      .select({ id: productImages.imageId })
      .from(productImages)
      .where(eq(productImages.productId, item.id))
      .orderBy(asc(productImages.position));
    expect(res.body.images.map((i) => i.id)).toEqual(stored.map((s) => s.id));
    expect(await viewCountOf(item.id)).toBe((before ?? 0) + 1);

    // The same visitor again, also at the same moment: no more views.
    await Promise.all([1, 2, 3].map(() => t.call('GET', `/api/shop/products/${item.id}`)));
    expect(await viewCountOf(item.id)).toBe((before ?? 0) + 1);
    // Two other visitors (another browser on the same address), each twice at once: two views.
    await Promise.all(
      ['Firefox', 'Firefox', 'Safari', 'Safari'].map((browser) =>
        t.call('GET', `/api/shop/products/${item.id}`, { headers: { 'user-agent': browser } }),
      ),
    );
    expect(await viewCountOf(item.id)).toBe((before ?? 0) + 3);
    // The overview's view count is the same number.
    const superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
    const admin = await t.call<{ viewCount: number }>('GET', `/api/products/${item.id}`, { token: superAdmin });
    expect(admin.body.viewCount).toBe((before ?? 0) + 3);
  });

  it('counts a visitor again the next day, and keeps only the visitors of today', async () => {
    const [, item] = (await list('?workspace=de-draaischijf')).body.items;
    if (!item) throw new Error('no product');
    const before = (await viewCountOf(item.id)) ?? 0;
    const view = () => t.call('GET', `/api/shop/products/${item.id}`, { headers: { 'user-agent': 'Teller' } });
    expect((await view()).status).toBe(200);
    expect((await view()).status).toBe(200);
    expect(await viewCountOf(item.id)).toBe(before + 1);
    const stored = await t.ctx.db.select().from(productViews).where(eq(productViews.productId, item.id));
    // No address or user agent is stored, only a hash.
    expect(JSON.stringify(stored)).not.toMatch(/Teller|127\.0\.0\.1/);
    // Yesterday's visit: today the same visitor counts once more.
    await t.ctx.db
      .update(productViews)
      .set({ day: sql`${productViews.day} - 1` })
      .where(eq(productViews.productId, item.id));
    expect((await view()).status).toBe(200);
    expect((await view()).status).toBe(200);
    expect(await viewCountOf(item.id)).toBe(before + 2);
    await forgetEarlierDays(t.ctx.db);
    const days = await t.ctx.db.selectDistinct({ day: productViews.day }).from(productViews);
    expect(days.map((d) => d.day)).toEqual([viewDay()]);
  });

  it('answers 404 for a draft, an unpublished workshop and an unknown id, without counting', async () => {
    const draft = (await productsOf('de-draaischijf')).find((p) => !p.isPublished);
    const wolwerk = (await productsOf('wolwerk-textielstudio')).find((p) => p.isPublished);
    if (!draft || !wolwerk) throw new Error('demo data changed');
    for (const p of [draft, wolwerk]) {
      const before = await viewCountOf(p.id);
      const res = await t.call<{ error: Json }>('GET', `/api/shop/products/${p.id}`);
      expect(res.status).toBe(404);
      expect(keys(res.body.error)).toEqual(['code', 'details', 'message', 'validationErrors']);
      expect(await viewCountOf(p.id)).toBe(before);
    }
    expect((await t.call('GET', `/api/shop/products/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await t.call('GET', '/api/shop/products/geen-id')).status).toBe(400);
  });
});

describe('GET /api/shop/products/featured', () => {
  it('lists the featured products in their order, only those in the shop', async () => {
    const order = await t.ctx.db
      .select({ id: featuredProducts.productId })
      .from(featuredProducts)
      .orderBy(asc(featuredProducts.position));
    const inShop = new Set((await everything()).items.map((i) => i.id));
    const expected = order.map((o) => o.id).filter((id) => inShop.has(id));
    expect(expected.length).toBeGreaterThan(2);
    const res = await t.call<Item[]>('GET', '/api/shop/products/featured');
    expect(res.status).toBe(200);
    expect(res.body.map((i) => i.id)).toEqual(expected);
    for (const item of res.body) expectItemFields(item);

    // Reversed order in the back-office is reversed order in the shop; an unpublished one disappears.
    const reversed = [...expected].reverse();
    await t.ctx.db.delete(featuredProducts);
    await t.ctx.db.insert(featuredProducts).values(reversed.map((productId, position) => ({ productId, position })));
    const [hidden] = reversed;
    if (!hidden) throw new Error('no featured product');
    await t.ctx.db.update(products).set({ isPublished: false }).where(eq(products.id, hidden));
    try {
      const again = await t.call<Item[]>('GET', '/api/shop/products/featured');
      expect(again.body.map((i) => i.id)).toEqual(reversed.slice(1));
    } finally {
      await t.ctx.db.update(products).set({ isPublished: true }).where(eq(products.id, hidden));
    }
  });
});

describe('GET /api/shop/categories', () => {
  it('lists the main categories and only the custom ones with a product in the shop', async () => {
    const [published] = (await everything()).items;
    const draft = (await productsOf('de-draaischijf')).find((p) => !p.isPublished);
    if (!published || !draft) throw new Error('demo data changed');
    const custom = await t.ctx.db
      .insert(categories)
      .values([
        { title: 'Zeepbakjes', normalizedTitle: 'zeepbakjes' },
        { title: 'Concepten', normalizedTitle: 'concepten' },
        { title: 'Ongebruikt', normalizedTitle: 'ongebruikt' },
      ])
      .returning({ id: categories.id, title: categories.title });
    const [soap, concept] = custom;
    if (!soap || !concept) throw new Error('insert failed');
    await t.ctx.db.insert(productCategories).values([
      { productId: published.id, categoryId: soap.id },
      { productId: draft.id, categoryId: concept.id },
    ]);

    const res = await t.call<Json[]>('GET', '/api/shop/categories');
    expect(res.status).toBe(200);
    for (const c of res.body) expect(keys(c)).toEqual(CATEGORY_FIELDS);
    const main = res.body.filter((c) => c.isMainCategory).map((c) => c.title);
    expect(main).toEqual(
      ['Cadeaus', 'Keuken & servies', 'Kinderen', 'Kunst', 'Mode & accessoires', 'Sieraden', 'Wonen'].sort((a, b) =>
        a.localeCompare(b),
      ),
    );
    expect(res.body.filter((c) => !c.isMainCategory).map((c) => c.title)).toEqual(['Zeepbakjes']);
    expect(res.body.slice(0, main.length).every((c) => c.isMainCategory)).toBe(true);

    const product = await t.call<Item>('GET', `/api/shop/products/${published.id}`);
    expect(product.body.categories).toContainEqual({ id: soap.id, title: 'Zeepbakjes', isMainCategory: false });
  });
});

describe('the shop products API is public and private fields never show', () => {
  it('answers only the public keys, anywhere', async () => {
    const [item] = (await list()).body.items;
    const found = new Set<string>();
    for (const url of ['products?pageSize=100', `products/${item?.id}`, 'products/featured', 'categories'])
      allKeys((await t.call('GET', `/api/shop/${url}`)).body, found);
    expect([...found].sort()).toEqual(
      [
        ...new Set([
          ...PRODUCT_FIELDS,
          ...IMAGE_FIELDS,
          ...CATEGORY_FIELDS,
          ...WORKSHOP_FIELDS,
          'items',
          'totalCount',
          'description',
        ]),
      ].sort(),
    );
    for (const secret of ['creatorId', 'creatorFullName', 'tenantId', 'viewCount', 'quantity', 'isPublished'])
      expect(found.has(secret)).toBe(false);
  });

  it('is documented in /api/docs without authentication', async () => {
    const doc = await t.call<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(
      'GET',
      '/api/docs/json',
    );
    for (const path of [
      '/api/shop/products',
      '/api/shop/products/featured',
      '/api/shop/products/{id}',
      '/api/shop/categories',
    ]) {
      expect(Object.keys(doc.body.paths)).toContain(path);
      expect(doc.body.paths[path]?.get?.security).toEqual([]);
    }
  });
});
