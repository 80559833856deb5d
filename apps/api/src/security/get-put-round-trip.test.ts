import { FAQ_IDS, type Image, normalizeCategoryTitle } from '@ateliermarkt/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, productCategories, productImages, products, users, workspaces } from '../db/schema/index.ts';
import { makeProduct } from '../modules/reservations/reservation-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import {
  expectOk,
  LOGINS,
  mainCategory,
  type Tokens,
  tokensFor,
  unique,
  upload,
  userIdOf,
  WORKSHOP_A,
  workshopRow,
} from './security-fixtures.ts';

/**
 * The round-trip guarantee: for every resource that can be read and saved,
 * what the GET returns, sent back unchanged by each role that may save it, is accepted (200/204), and the next GET
 * is deep-equal to the first — nothing dropped, no photo deleted, every image URL still served.
 */

let t: TestApp;
let tok: Tokens;
let ws: { tenantId: string; workspaceId: string };

type Json = Record<string, unknown>;
type Resource = {
  name: string;
  roles: (keyof typeof LOGINS)[];
  get: (token: string | undefined) => Promise<Json>;
  save: (token: string | undefined, body: Json) => Promise<{ status: number; body: unknown }>;
};

const get = async (url: string, token: string | undefined) =>
  expectOk(await t.call<Json>('GET', url, { token }), `GET ${url}`).body;

/** Every image object in a body: each must still be served after the save. */
function imagesIn(value: unknown, found: Image[] = []): Image[] {
  if (Array.isArray(value)) for (const v of value) imagesIn(v, found);
  else if (value && typeof value === 'object') {
    const o = value as Json;
    if (typeof o.fileOriginal === 'string' && typeof o.thumbnail === 'string') found.push(o as unknown as Image);
    else for (const v of Object.values(o)) imagesIn(v, found);
  }
  return found;
}

let productId: string;
let userProductId: string;
let userId: string;
let subcategoryId: string;
let pageId: string;

beforeAll(async () => {
  t = await createTestApp();
  tok = await tokensFor(t);
  ws = await workshopRow(t, WORKSHOP_A);

  // The workshop with both photos, both numbers, a payout account and a holiday.
  const main = expectOk(await upload(t, tok.adminA), 'upload').body;
  const team = expectOk(await upload(t, tok.adminA), 'upload').body;
  await t.ctx.db
    .update(workspaces)
    .set({
      mainImageId: main.id,
      teamImageId: team.id,
      creditorNumber: 'CRED-1',
      debtorNumber: 'DEB-1',
      iban: 'NL91ABNA0417164300',
      ibanHolder: 'Atelier A',
      holidayFrom: '2026-12-21',
      holidayTo: '2027-01-03',
      holidayMessage: 'Met vakantie tot 3 januari',
    })
    .where(eq(workspaces.id, ws.workspaceId));

  // A product with everything: photos, author photo, custom category, sizes (so a format), two methods.
  const category = await mainCategory(t, tok.adminA);
  const saveWithPhotos = async (token: string | undefined, creator: string) => {
    const product = await makeProduct(t, WORKSHOP_A, { unique: false, quantity: 3, methods: [1, 3] });
    const [photo1, photo2, author] = [
      expectOk(await upload(t, token), 'upload').body,
      expectOk(await upload(t, token), 'upload').body,
      expectOk(await upload(t, token), 'upload').body,
    ];
    await t.ctx.db
      .update(products)
      .set({
        creatorId: await userIdOf(t, creator),
        productImageId: photo1.id,
        authorImageId: author.id,
        authorName: 'Marieke',
        weightGrams: 500,
        lengthCm: '10.50',
        widthCm: '10',
        heightCm: '20',
      })
      .where(eq(products.id, product.id));
    await t.ctx.db.insert(productImages).values([
      { productId: product.id, imageId: photo1.id, position: 0 },
      { productId: product.id, imageId: photo2.id, position: 1 },
    ]);
    const customTitle = unique('Rond ');
    const [custom] = await t.ctx.db
      .insert(categories)
      .values({ title: customTitle, normalizedTitle: normalizeCategoryTitle(customTitle), isMainCategory: false })
      .returning();
    await t.ctx.db.insert(productCategories).values([
      { productId: product.id, categoryId: category.id },
      { productId: product.id, categoryId: custom?.id ?? '' },
    ]);
    return product.id;
  };
  productId = await saveWithPhotos(tok.adminA, LOGINS.adminA.user);
  userProductId = await saveWithPhotos(tok.userA, LOGINS.userA.user);
  const [plain] = await t.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, LOGINS.userA.user), eq(users.tenantId, ws.tenantId)));
  userId = plain?.id ?? '';
  const sub = await get('/api/subcategories', tok.super);
  subcategoryId = ((sub.items as Json[])[0]?.id as string) ?? '';
  const pages = (await t.call<Json[]>('GET', '/api/pages/all', { token: tok.super })).body;
  pageId = (pages[0]?.id as string) ?? '';
  expectOk(
    await t.call('POST', '/api/products/featured', { token: tok.super, body: { featuredProducts: [productId] } }),
    'featured',
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const resources: Resource[] = [
  {
    name: 'workspace',
    roles: ['adminA', 'super'],
    get: (token) => get(`/api/workspaces/${ws.workspaceId}`, token),
    save: (token, body) => t.call('PUT', `/api/workspaces/${ws.workspaceId}`, { token, body }),
  },
  {
    name: 'product (workshop admin)',
    roles: ['adminA'],
    get: (token) => get(`/api/products/${productId}`, token),
    save: (token, body) => t.call('PUT', `/api/products/${productId}`, { token, body }),
  },
  {
    name: 'product (its maker)',
    roles: ['userA', 'adminA'],
    get: (token) => get(`/api/products/${userProductId}`, token),
    save: (token, body) => t.call('PUT', `/api/products/${userProductId}`, { token, body }),
  },
  {
    name: 'user',
    roles: ['adminA'],
    get: (token) => get(`/api/identity/users/${userId}`, token),
    save: (token, body) => t.call('PUT', `/api/identity/users/${userId}`, { token, body }),
  },
  {
    name: 'own profile',
    roles: ['userA', 'adminA', 'adminB', 'super'],
    get: (token) => get('/api/identity/my-profile', token),
    save: (token, body) => t.call('PUT', '/api/identity/my-profile', { token, body }),
  },
  {
    name: 'subcategory',
    roles: ['super'],
    get: (token) => get(`/api/subcategories/${subcategoryId}`, token),
    save: (token, body) => t.call('PUT', `/api/subcategories/${subcategoryId}`, { token, body }),
  },
  {
    name: 'page',
    roles: ['super'],
    get: async (token) =>
      ((await t.call<Json[]>('GET', '/api/pages/all', { token })).body.find((p) => p.id === pageId) as Json) ?? {},
    save: (token, body) => t.call('PUT', `/api/pages/${pageId}`, { token, body }),
  },
  {
    name: 'shop text',
    roles: ['super'],
    get: async (token) => ((await t.call<Json[]>('GET', '/api/resources', { token })).body[0] as Json) ?? {},
    save: (token, body) => t.call('PUT', `/api/resources/${body.id}/set-value`, { token, body }),
  },
  {
    name: 'FAQ',
    roles: ['super'],
    get: (token) => get(`/api/faq/${FAQ_IDS.backOffice}`, token),
    save: (token, body) =>
      t.call('POST', `/api/faq/questions?id=${FAQ_IDS.backOffice}`, { token, body: body.questions }),
  },
  {
    name: 'featured products',
    roles: ['super'],
    get: async (token) => ({ featuredProducts: (await t.call('GET', '/api/products/featured', { token })).body }),
    save: (token, body) => t.call('POST', '/api/products/featured', { token, body }),
  },
  {
    name: 'platform settings (their values)',
    roles: ['super'],
    get: async (token) => (await t.call<{ values: Json }>('GET', '/api/admin/settings', { token })).body.values,
    save: (token, body) => t.call('PUT', '/api/admin/settings', { token, body }),
  },
];

describe('GET, then PUT (or POST) the same body back', () => {
  for (const resource of resources)
    for (const role of resource.roles)
      it(`${resource.name} as ${role}: accepted, nothing changes, every image still served`, async () => {
        const token = tok[role];
        const before = await resource.get(token);
        const saved = await resource.save(token, structuredClone(before));
        expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);
        const after = await resource.get(token);
        const { concurrencyStamp: _a, ...beforeRest } = before;
        const { concurrencyStamp: _b, ...afterRest } = after;
        expect(afterRest).toEqual(beforeRest);
        const images = imagesIn(after);
        if (resource.name.startsWith('product') || resource.name === 'workspace')
          expect(images.length).toBeGreaterThan(0);
        for (const image of images)
          for (const url of [image.fileOriginal, image.fileMedium, image.thumbnail])
            expect((await fetch(`${t.baseUrl}${new URL(url, t.baseUrl).pathname}`)).status, url).toBe(200);
      });
});

describe('POST the GET body of a record: a new record with the same content', () => {
  it('makes a new page and a new subcategory from a GET body (their id and slug are the server’s)', async () => {
    const page = (await t.call<Json[]>('GET', '/api/pages/all', { token: tok.super })).body.find(
      (p) => p.id === pageId,
    ) as Json;
    const newPage = await t.call<Json>('POST', '/api/pages', { token: tok.super, body: page });
    expect(newPage.status, JSON.stringify(newPage.body)).toBe(200);
    expect(newPage.body.id).not.toBe(page.id);
    expect(newPage.body).toMatchObject({ title: page.title, body: page.body, isFooterPage: page.isFooterPage });

    const sub = await get(`/api/subcategories/${subcategoryId}`, tok.super);
    const newSub = await t.call<Json>('POST', '/api/subcategories', { token: tok.super, body: sub });
    expect(newSub.status, JSON.stringify(newSub.body)).toBe(200);
    expect(newSub.body.id).not.toBe(sub.id);
    expect(newSub.body).toMatchObject({ title: sub.title, body: sub.body, order: sub.order });
  });
});
