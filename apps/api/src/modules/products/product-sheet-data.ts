/**
 * Products as the spreadsheet has them: one set of values per product, by column, loaded for many
 * products in a few queries. The export writes these values; the import compares a row with them.
 */
import { fromCents } from '@ateliermarkt/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { products, tenants } from '../../db/schema/index.ts';
import { productPartsJson } from './product-queries.ts';

export type SheetValues = {
  code: string | null;
  name: string;
  description: string;
  extraInformation: string;
  material: string | null;
  isUniqueEdition: boolean;
  categories: string[];
  customCategories: string[];
  price: number | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  quantity: number;
  deliveryMethods: string[];
  authorName: string | null;
  authorDescription: string | null;
  isPublished: boolean;
  photos: string[];
};

export type SheetProduct = {
  id: string;
  creatorId: string | null;
  authorImageId: string | null;
  values: SheetValues;
};

/** A photo's name in the sheet: its id, so a re-import knows it without the file (docs/import.md). */
export const photoName = (image: { id: string; format: string }) =>
  `${image.id}.${image.format === 'png' ? 'png' : 'jpg'}`;

const num = (v: string | null) => (v == null ? null : Number(v));

/** The tenant's products by id (those of another tenant are not found), in the order of `ids`. */
export async function sheetProductsByIds(db: DbOrTx, workshopId: string, ids: string[]): Promise<SheetProduct[]> {
  if (ids.length === 0) return [];
  return load(db, and(eq(products.tenantId, workshopId), inArray(products.id, ids)), ids);
}

/** The tenant's products with these codes. */
export async function sheetProductsByCodes(db: DbOrTx, workshopId: string, codes: string[]) {
  if (codes.length === 0) return new Map<string, SheetProduct>();
  const found = await load(db, and(eq(products.tenantId, workshopId), inArray(products.productNumber, codes)));
  return new Map(found.map((p) => [p.values.code ?? '', p]));
}

async function load(db: DbOrTx, where: ReturnType<typeof and>, order?: string[]): Promise<SheetProduct[]> {
  const rows = await db
    .select({ p: products, ...productPartsJson })
    .from(products)
    // Every product has its tenant; the join is for the parts' subqueries (see productPartsJson).
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .where(where);
  const byId = new Map(
    rows.map(({ p, categories, methods, photos }): [string, SheetProduct] => [
      p.id,
      {
        id: p.id,
        creatorId: p.creatorId,
        authorImageId: p.authorImageId,
        values: {
          code: p.productNumber,
          name: p.name,
          description: p.description,
          extraInformation: p.extraInformation,
          material: p.material,
          isUniqueEdition: p.isUniqueEdition,
          categories: categories.filter((c) => c.isMainCategory).map((c) => c.title),
          customCategories: categories.filter((c) => !c.isMainCategory).map((c) => c.title),
          price: fromCents(p.priceCents),
          weight: p.weightGrams,
          length: num(p.lengthCm),
          width: num(p.widthCm),
          height: num(p.heightCm),
          quantity: p.quantity,
          deliveryMethods: methods.map(([, name]) => name),
          authorName: p.authorName,
          authorDescription: p.authorDescription,
          isPublished: p.isPublished,
          photos: photos.map(([id, format]) => photoName({ id, format })),
        },
      },
    ]),
  );
  const keys = order ?? rows.map((r) => r.p.id);
  return keys.flatMap((id) => {
    const found = byId.get(id);
    return found ? [found] : [];
  });
}
