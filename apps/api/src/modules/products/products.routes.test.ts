import {
  type Category,
  type ErrorEnvelope,
  type FeaturedProduct,
  type Image,
  MESSAGES,
  type Product,
  type ProductInput,
  type ProductListItem,
} from '@ateliermarkt/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_WORKSHOP, demoTokens, OTHER_DEMO_WORKSHOP, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let user: string;
let otherAdmin: string;
let superAdmin: string;
let wonen: Category;
let kunst: Category;

const DRAAI = DEMO_WORKSHOP;
const GLAS = OTHER_DEMO_WORKSHOP;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, user, otherAdmin, superAdmin } = await demoTokens(t));
  const cats = await t.call<Category[]>('GET', '/api/categories/all', { token: user });
  wonen = cats.body.find((c) => c.title === 'Wonen') as Category;
  kunst = cats.body.find((c) => c.title === 'Kunst') as Category;
});
afterAll(async () => {
  await t?.close();
});

async function upload(token: string, format: 'jpeg' | 'png', name = 'foto.jpg'): Promise<Image> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c86' } })
    .toFormat(format)
    .toBuffer();
  const form = new FormData();
  form.append('formFile', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${t.baseUrl}/api/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Image;
}

const valid = (): ProductInput => ({
  name: 'Blauwe vaas',
  description: 'Gedraaid op de schijf.',
  extraInformation: '',
  material: 'Keramiek / aardewerk / porselein',
  isUniqueEdition: true,
  categories: [{ id: wonen.id }],
  customCategories: [{ title: 'Vazen' }],
  price: 12.35,
  weight: 850,
  length: 20,
  width: 15,
  height: 30,
  deliveryMethods: [{ id: 1 }, { id: 3 }],
  images: [],
  authorName: 'Marieke',
  authorDescription: 'Draait al twintig jaar.',
  authorImage: null,
});

const create = (token: string, body: unknown = valid()) =>
  t.call<Product & ErrorEnvelope>('POST', '/api/products', { token, body });

function expectField(res: { status: number; body: unknown }, message: string) {
  expect(res.status).toBe(400);
  expect((res.body as ErrorEnvelope).error.message).toBe(message);
}

describe('reference data', () => {
  it('lists delivery methods, main and custom categories to logged-in users only', async () => {
    const methods = await t.call<{ items: { id: number; name: string; price: number }[] }>(
      'GET',
      '/api/products/delivery-methods',
      { token: user },
    );
    expect(methods.body.items.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(methods.body.items[0]).toEqual({ id: 1, name: 'Ophalen in het atelier', price: 0 });
    const main = await t.call<Category[]>('GET', '/api/categories/all', { token: admin });
    expect(main.body.map((c) => c.title)).toEqual(
      expect.arrayContaining([
        'Wonen',
        'Sieraden',
        'Mode & accessoires',
        'Keuken & servies',
        'Kunst',
        'Kinderen',
        'Cadeaus',
      ]),
    );
    expect(main.body.every((c) => c.isMainCategory)).toBe(true);
    expect((await t.call('GET', '/api/categories/all')).status).toBe(401);
    expect((await t.call('GET', '/api/subcategories/all')).status).toBe(401);
    expect((await t.call('GET', '/api/products/delivery-methods')).status).toBe(401);
  });
});

describe('create', () => {
  it('creates with a readable number, the format, categories (custom reused) and photos in order', async () => {
    const [a, b] = [await upload(admin, 'jpeg'), await upload(admin, 'jpeg')];
    const res = await create(admin, { ...valid(), images: [b, a] });
    expect(res.status).toBe(200);
    expect(res.body.productNumber).toMatch(/^DRA-\d{4}$/);
    expect(res.body.format).toBe('20 x 15 x 30');
    expect(res.body.price).toBe(12.35);
    expect(res.body.images.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(res.body.productImage?.id).toBe(b.id);
    expect(res.body.categories.map((c) => c.title)).toEqual(['Wonen']);
    expect(res.body.customCategories.map((c) => c.title)).toEqual(['Vazen']);
    expect(res.body.deliveryMethods.map((d) => d.id)).toEqual([1, 3]);
    expect(res.body.creatorFullName).toBe('Marieke Jansen');
    expect(res.body.isPublished).toBe(false);

    const again = await create(user, { ...valid(), customCategories: [{ title: '  vazen ' }], length: null });
    expect(again.body.customCategories.map((c) => c.id)).toEqual(res.body.customCategories.map((c) => c.id));
    expect(again.body.format).toBeNull();
    const custom = await t.call<Category[]>('GET', '/api/subcategories/all', { token: user });
    expect(custom.body.filter((c) => c.title.toLowerCase() === 'vazen')).toHaveLength(1);
  });

  it('enforces every product rule with its Dutch message', async () => {
    expectField(await create(admin, { ...valid(), name: ' ' }), MESSAGES.productNameRequired);
    expectField(await create(admin, { ...valid(), categories: [] }), MESSAGES.categoryRequired);
    expectField(await create(admin, { ...valid(), price: 9.99 }), MESSAGES.priceTooLow);
    expect((await create(admin, { ...valid(), price: 10 })).status).toBe(200);
    expectField(await create(admin, { ...valid(), price: undefined }), MESSAGES.priceRequired);
    expectField(await create(admin, { ...valid(), deliveryMethods: [] }), MESSAGES.deliveryMethodRequired);
    expectField(
      await create(admin, { ...valid(), deliveryMethods: [{ id: 2 }, { id: 3 }] }),
      MESSAGES.deliveryMethodCombination,
    );
    expectField(
      await create(admin, { ...valid(), deliveryMethods: [{ id: 1 }, { id: 2 }, { id: 3 }] }),
      MESSAGES.deliveryMethodCombination,
    );
    expectField(await create(admin, { ...valid(), weight: -1 }), MESSAGES.numberNotNegative);
    expectField(await create(admin, { ...valid(), height: -0.5 }), MESSAGES.numberNotNegative);
    expectField(
      await create(admin, { ...valid(), authorDescription: 'x'.repeat(151) }),
      MESSAGES.authorDescriptionTooLong(150),
    );
    expectField(
      await create(admin, { ...valid(), categories: [{ id: '00000000-0000-4000-8000-000000000000' }] }),
      MESSAGES.categoryUnknown,
    );
  });

  it('refuses a 9th image, a PNG renamed to .jpg and another workshop’s image', async () => {
    const nine = [];
    for (let i = 0; i < 9; i++) nine.push((await upload(admin, 'jpeg')).id);
    expectField(
      await create(admin, { ...valid(), images: nine.map((id) => ({ id })) }),
      MESSAGES.tooManyProductImages(8),
    );
    expect((await create(admin, { ...valid(), images: nine.slice(0, 8).map((id) => ({ id })) })).status).toBe(200);

    const png = await upload(admin, 'png', 'stiekem.jpg');
    const res = await create(admin, { ...valid(), images: [png] });
    expectField(res, MESSAGES.imageNotJpeg);
    expect(res.body.error.validationErrors?.[0]?.members).toEqual(['images']);

    const foreign = await upload(otherAdmin, 'jpeg');
    expectField(await create(admin, { ...valid(), images: [foreign] }), MESSAGES.imageNotOwned);
  });

  it('is for workshop users only', async () => {
    expect((await create(superAdmin)).status).toBe(403);
    expect((await t.call('POST', '/api/products', { body: valid() })).status).toBe(401);
  });

  it('gives concurrent creates distinct numbers', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => create(user)));
    const numbers = results.map((r) => r.body.productNumber);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(numbers).size).toBe(8);
  });
});

describe('read, change and delete per role and tenant', () => {
  let own: Product;
  let colleagues: Product;
  beforeAll(async () => {
    own = (await create(user, { ...valid(), name: 'Mok van Tom' })).body;
    colleagues = (await create(admin, { ...valid(), name: 'Schaal van Marieke' })).body;
  });

  it('lists the tenant’s products, and every product for the super admin', async () => {
    const list = await t.call<{ items: ProductListItem[]; totalCount: number }>(
      'GET',
      '/api/products?maxResultCount=999',
      {
        token: user,
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.items.some((p) => p.id === colleagues.id)).toBe(true);
    expect(list.body.items.every((p) => p.workspaceName === DRAAI)).toBe(true);
    const other = await t.call<{ items: ProductListItem[] }>('GET', '/api/products', { token: otherAdmin });
    expect(other.body.items.some((p) => p.id === own.id)).toBe(false);
    const all = await t.call<{ items: ProductListItem[] }>('GET', '/api/products', { token: superAdmin });
    expect(all.body.items.some((p) => p.id === own.id)).toBe(true);
    expect((await t.call('GET', '/api/products')).status).toBe(401);
  });

  it('answers 404 for another tenant’s product on every call', async () => {
    const id = own.id;
    expect((await t.call('GET', `/api/products/${id}`, { token: otherAdmin })).status).toBe(404);
    expect((await t.call('PUT', `/api/products/${id}`, { token: otherAdmin, body: valid() })).status).toBe(404);
    expect((await t.call('DELETE', `/api/products/${id}`, { token: otherAdmin })).status).toBe(404);
    expect((await t.call('POST', `/api/products/${id}/duplicate`, { token: otherAdmin })).status).toBe(404);
    expect(
      (
        await t.call('POST', `/api/products/${id}/publish-status`, {
          token: otherAdmin,
          body: { id, isPublished: true },
        })
      ).status,
    ).toBe(404);
  });

  it('lets a plain user edit and delete only its own products, and not publish or copy', async () => {
    const edit = await t.call<Product>('PUT', `/api/products/${own.id}`, {
      token: user,
      body: { ...valid(), name: 'Mok van Tom, groot', price: 15 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.name).toBe('Mok van Tom, groot');
    expect(edit.body.productNumber).toBe(own.productNumber);
    expect((await t.call('PUT', `/api/products/${colleagues.id}`, { token: user, body: valid() })).status).toBe(403);
    expect((await t.call('DELETE', `/api/products/${colleagues.id}`, { token: user })).status).toBe(403);
    expect((await t.call('POST', `/api/products/${own.id}/duplicate`, { token: user })).status).toBe(403);
    expect(
      (
        await t.call('POST', `/api/products/${own.id}/publish-status`, {
          token: user,
          body: { id: own.id, isPublished: true },
        })
      ).status,
    ).toBe(403);
    expect((await t.call('PUT', `/api/products/${own.id}`, { token: superAdmin, body: valid() })).status).toBe(403);
  });

  it('publishes and unpublishes as workshop admin', async () => {
    const url = `/api/products/${own.id}/publish-status`;
    expect((await t.call('POST', url, { token: admin, body: { id: own.id, isPublished: true } })).status).toBe(204);
    expect((await t.call<Product>('GET', `/api/products/${own.id}`, { token: user })).body.isPublished).toBe(true);
    expect((await t.call('POST', url, { token: admin, body: { id: own.id, isPublished: false } })).status).toBe(204);
    expect((await t.call<Product>('GET', `/api/products/${own.id}`, { token: user })).body.isPublished).toBe(false);
    const mismatch = await t.call<ErrorEnvelope>('POST', url, {
      token: admin,
      body: { id: colleagues.id, isPublished: true },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.validationErrors).toEqual([{ message: MESSAGES.bodyIdMismatch, members: ['id'] }]);
  });

  it('copies into an independent concept with a new number', async () => {
    await t.call('POST', `/api/products/${colleagues.id}/publish-status`, {
      token: admin,
      body: { id: colleagues.id, isPublished: true },
    });
    const copy = await t.call<Product>('POST', `/api/products/${colleagues.id}/duplicate`, { token: admin });
    expect(copy.status).toBe(200);
    expect(copy.body.id).not.toBe(colleagues.id);
    expect(copy.body.productNumber).not.toBe(colleagues.productNumber);
    expect(copy.body.name).toBe('Schaal van Marieke (kopie)');
    expect(copy.body.isPublished).toBe(false);
    expect(copy.body.deliveryMethods).toEqual(colleagues.deliveryMethods);
    expect(copy.body.customCategories).toEqual(colleagues.customCategories);

    await t.call('PUT', `/api/products/${copy.body.id}`, {
      token: admin,
      body: {
        ...valid(),
        name: 'Alleen de kopie',
        deliveryMethods: [{ id: 5 }],
        categories: [{ id: kunst.id }],
        customCategories: [],
      },
    });
    const original = await t.call<Product>('GET', `/api/products/${colleagues.id}`, { token: admin });
    expect(original.body.name).toBe('Schaal van Marieke');
    expect(original.body.deliveryMethods.map((d) => d.id)).toEqual([1, 3]);
    expect(original.body.categories.map((c) => c.title)).toEqual(['Wonen']);
    expect((await t.call('DELETE', `/api/products/${copy.body.id}`, { token: admin })).status).toBe(204);
    expect((await t.call('GET', `/api/products/${colleagues.id}`, { token: admin })).status).toBe(200);
  });

  it('deletes: the creator its own, the workshop admin any of the workshop', async () => {
    expect((await t.call('DELETE', `/api/products/${own.id}`, { token: user })).status).toBe(204);
    expect((await t.call('GET', `/api/products/${own.id}`, { token: user })).status).toBe(404);
    const mine = (await create(user)).body;
    expect((await t.call('DELETE', `/api/products/${mine.id}`, { token: admin })).status).toBe(204);
  });
});

describe('featured products and search (super admin)', () => {
  it('searches by product and workshop name, limited and fast', async () => {
    await create(otherAdmin, { ...valid(), name: 'Geblazen karaf' });
    const byName = await t.call<{ id: string; name: string; workspaceName: string }[]>('POST', '/api/products/search', {
      token: superAdmin,
      body: { query: 'karaf' },
    });
    expect(byName.status).toBe(200);
    expect(byName.body[0]).toMatchObject({ name: 'Geblazen karaf', workspaceName: GLAS });
    const byWorkshop = await t.call<unknown[]>('POST', '/api/products/search', {
      token: superAdmin,
      body: { query: 'draaisch' },
    });
    expect(byWorkshop.body.length).toBeGreaterThan(0);
    expect(byWorkshop.body.length).toBeLessThanOrEqual(10);
    expect((await t.call('POST', '/api/products/search', { token: admin, body: { query: 'x' } })).status).toBe(403);
    const odd = await t.call<unknown[]>('POST', '/api/products/search', { token: superAdmin, body: { query: '%_' } });
    expect(odd.body).toEqual([]);
  });

  it('features at most 8, refusing the 9th with the Dutch message', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push((await create(admin, { ...valid(), name: `Uitgelicht ${i}` })).body.id);
    const eight = await t.call<FeaturedProduct[]>('POST', '/api/products/featured', {
      token: superAdmin,
      body: { featuredProducts: ids.slice(0, 8) },
    });
    expect(eight.status).toBe(200);
    expect(eight.body.map((p) => p.id)).toEqual(ids.slice(0, 8));
    expect(eight.body[0]).toMatchObject({ name: 'Uitgelicht 0', workspaceName: DRAAI });
    const nine = await t.call<ErrorEnvelope>('POST', '/api/products/featured', {
      token: superAdmin,
      body: { featuredProducts: ids },
    });
    expectField(nine, MESSAGES.featuredMax(8));
    const list = await t.call<FeaturedProduct[]>('GET', '/api/products/featured', { token: superAdmin });
    expect(list.body).toHaveLength(8);
    expect((await t.call('GET', '/api/products/featured', { token: admin })).status).toBe(403);
    expect(
      (await t.call('POST', '/api/products/featured', { token: user, body: { featuredProducts: [] } })).status,
    ).toBe(403);
    const fewer = await t.call<FeaturedProduct[]>('POST', '/api/products/featured', {
      token: superAdmin,
      body: { featuredProducts: ids.slice(1, 3) },
    });
    expect(fewer.body.map((p) => p.id)).toEqual(ids.slice(1, 3));
  });
});

describe('the API’s Product, as GET returns it, in POST and PUT', () => {
  const read = async (id: string) => (await t.call<Product>('GET', `/api/products/${id}`, { token: admin })).body;
  const put = (id: string, body: unknown) =>
    t.call<Product & ErrorEnvelope>('PUT', `/api/products/${id}`, { token: admin, body });
  const members = (res: { body: ErrorEnvelope }) => res.body.error.validationErrors?.flatMap((v) => v.members);

  async function full(): Promise<Product> {
    const [a, b, author] = [await upload(admin, 'jpeg'), await upload(admin, 'jpeg'), await upload(admin, 'png')];
    const res = await create(admin, { ...valid(), images: [a, b], authorImage: author });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  it('takes the GET body back unchanged (PUT) and as a new product (POST), photos, author photo and format kept', async () => {
    const shown = await full();
    expect(shown.format).toBe('20 x 15 x 30');
    expect(shown.customCategories).toHaveLength(1);
    expect(shown.authorImage).not.toBeNull();
    const saved = await put(shown.id, shown);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await read(shown.id)).toEqual(shown);

    const copy = await create(admin, shown);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.id).not.toBe(shown.id);
    expect(copy.body.productNumber).not.toBe(shown.productNumber);
    const same = (p: Product) => {
      const { id: _i, productNumber: _n, ...rest } = p;
      return rest;
    };
    expect(same(copy.body)).toEqual(same(shown));
  });

  it('gives every field of the API’s Product in GET products?maxResultCount=999, as the detail does', async () => {
    const shown = await full();
    const list = await t.call<{ items: ProductListItem[] }>('GET', '/api/products?maxResultCount=999', {
      token: admin,
    });
    expect(list.status).toBe(200);
    const item = list.body.items.find((p) => p.id === shown.id);
    // The API's Product: the thirteen the list lacked before, then the rest.
    for (const field of [
      'description',
      'extraInformation',
      'material',
      'categories',
      'customCategories',
      'weight',
      'format',
      'deliveryMethods',
      'images',
      'authorName',
      'authorDescription',
      'authorImage',
      'isAvailable',
    ])
      expect(item, field).toHaveProperty(field);
    expect(item).toEqual(shown);
    expect(item?.images).toHaveLength(2);
    expect(item?.format).toBe('20 x 15 x 30');
    expect(item?.deliveryMethods.map((m) => m.id)).toEqual([1, 3]);
    // A client written for the original API edits from the list: the item goes back unchanged.
    const saved = await put(shown.id, item);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await read(shown.id)).toEqual(shown);
    // One page of the overview carries the same item.
    const paged = await t.call<{ items: ProductListItem[] }>(
      'GET',
      `/api/products?skipCount=0&maxResultCount=5&search=${shown.productNumber}`,
      { token: admin },
    );
    expect(paged.body.items).toEqual([shown]);
  });

  it('reads the format text: a changed format sets the sizes, changed sizes win over the old format', async () => {
    const shown = await full();
    const byFormat = await put(shown.id, { ...shown, format: '30 x 20,5 x 10' });
    expect(byFormat.status, JSON.stringify(byFormat.body)).toBe(200);
    expect(byFormat.body).toMatchObject({ length: 30, width: 20.5, height: 10, format: '30 x 20,5 x 10' });
    const bySizes = await put(shown.id, { ...byFormat.body, length: 40 });
    expect(bySizes.body).toMatchObject({ length: 40, format: '40 x 20,5 x 10' });
    const formatOnly = await put(shown.id, {
      ...valid(),
      length: undefined,
      width: undefined,
      height: undefined,
      format: '5 x 6 x 7',
    });
    expect(formatOnly.body).toMatchObject({ length: 5, width: 6, height: 7 });

    const both = await put(shown.id, { ...bySizes.body, length: 99, format: '1 x 2 x 3' });
    expect(both.status).toBe(400);
    expect(both.body.error.validationErrors).toEqual([{ message: MESSAGES.formatMismatch, members: ['format'] }]);
    const unreadable = await put(shown.id, { ...bySizes.body, format: 'groot' });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.error.validationErrors).toEqual([{ message: MESSAGES.formatInvalid, members: ['format'] }]);
  });

  it('names a key it does not know (400) instead of dropping the photos, and a left-out photo list too', async () => {
    const shown = await full();
    const withIds = await put(shown.id, {
      ...shown,
      categoryIds: shown.categories.map((c) => c.id),
      deliveryMethodIds: [1, 3],
    });
    expect(withIds.status).toBe(400);
    expect(withIds.body.error.validationErrors).toEqual([
      { message: MESSAGES.fieldUnknown, members: ['categoryIds'] },
      { message: MESSAGES.fieldUnknown, members: ['deliveryMethodIds'] },
    ]);
    const { images: _images, ...withoutImages } = shown;
    const left = await put(shown.id, withoutImages);
    expect(left.status).toBe(400);
    expect(members(left)).toEqual(['images']);
    expect(await read(shown.id)).toEqual(shown);
  });

  it('refuses a change of what the caller may not change (403, named) and ignores it unchanged', async () => {
    const shown = await full();
    const first = shown.categories[0] as Category;
    const [method] = shown.deliveryMethods;
    const [image] = shown.images;
    const cases: [unknown, string[]][] = [
      [{ ...shown, viewCount: 999 }, ['viewCount']],
      [{ ...shown, isPublished: true, productNumber: 'X-1' }, ['productNumber', 'isPublished']],
      [{ ...shown, categories: [{ ...first, title: 'Anders' }] }, ['categories.0.title']],
      [{ ...shown, deliveryMethods: [{ ...method, price: 99 }] }, ['deliveryMethods.0.price']],
      [{ ...shown, images: [{ ...image, thumbnail: '/elders.jpg' }] }, ['images.0.thumbnail']],
    ];
    for (const [body, named] of cases) {
      const res = await put(shown.id, body);
      expect(res.status, JSON.stringify(named)).toBe(403);
      expect(members(res)?.sort()).toEqual([...named].sort());
    }
    expect(await read(shown.id)).toEqual(shown);
    // Reordering the photos makes the new first one the product image: the old productImage sent along is no change.
    const reordered = await put(shown.id, { ...shown, images: [...shown.images].reverse() });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.productImage?.id).toBe(shown.images[1]?.id);
  });

  it('takes a POST of the GET body as a new product: its own id, number and counters', async () => {
    const shown = await full();
    const copy = await create(user, { ...shown, viewCount: 12, isPublished: true });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body).toMatchObject({ viewCount: 0, isPublished: false, creatorFullName: 'Tom Bakker' });
  });
});
