import type { ProductSearchResult } from '@ateliermarkt/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, tenants } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let superAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
async function product(workshop: string, name: string, isPublished: boolean) {
  const [workshopRow] = await t.ctx.db.select().from(tenants).where(eq(tenants.name, workshop));
  if (!workshopRow) throw new Error(`no workshop ${workshop}`);
  counter += 1;
  const [row] = await t.ctx.db
    .insert(products)
    .values({ tenantId: workshopRow.id, productNumber: `ZOEK-${counter}`, name, priceCents: 2500, isPublished })
    .returning();
  if (!row) throw new Error('no product');
  return row;
}

const search = async (query: string) => {
  const res = await t.call<ProductSearchResult[]>('POST', '/api/products/search', {
    token: superAdmin,
    body: { query },
  });
  expect(res.status).toBe(200);
  return res.body;
};

describe('featured-product search', () => {
  it('offers only published products of published workshops', async () => {
    // De Draaischijf is published in the demo; Wolwerk Textielstudio is not.
    const shown = await product('De Draaischijf', 'Zoekvaas gepubliceerd', true);
    await product('De Draaischijf', 'Zoekvaas concept', false);
    await product('Wolwerk Textielstudio', 'Zoekvaas van een offline atelier', true);

    expect((await search('Zoekvaas')).map((p) => p.id)).toEqual([shown.id]);
    // By workshop name: an unpublished workshop offers nothing, a published one only its published products.
    expect(await search('Wolwerk')).toEqual([]);
    const byWorkshop = await search('Draaischijf');
    expect(byWorkshop.length).toBeGreaterThan(0);
    const rows = await t.ctx.db
      .select({ isPublished: products.isPublished })
      .from(products)
      .where(
        inArray(
          products.id,
          byWorkshop.map((p) => p.id),
        ),
      );
    expect(rows.every((r) => r.isPublished)).toBe(true);
  });
});
