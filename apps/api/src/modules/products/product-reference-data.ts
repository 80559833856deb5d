import { DELIVERY_METHODS, fromCents, normalizeCategoryTitle } from '@ateliermarkt/contract';
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { categories, deliveryMethods } from '../../db/schema/index.ts';

/** The shop's main categories. */
export const MAIN_CATEGORIES = [
  'Wonen',
  'Sieraden',
  'Mode & accessoires',
  'Keuken & servies',
  'Kunst',
  'Kinderen',
  'Cadeaus',
] as const;

/** The five delivery methods and the main categories; idempotent, run at every start. */
export async function ensureProductReferenceData(db: DbOrTx) {
  await db
    .insert(deliveryMethods)
    .values(DELIVERY_METHODS.map((m) => ({ id: m.id, name: m.name, priceCents: m.priceCents })))
    .onConflictDoUpdate({
      target: deliveryMethods.id,
      set: { name: sql`excluded.name`, priceCents: sql`excluded.price_cents` },
    });
  await db
    .insert(categories)
    .values(
      MAIN_CATEGORIES.map((title) => ({ title, normalizedTitle: normalizeCategoryTitle(title), isMainCategory: true })),
    )
    .onConflictDoUpdate({ target: categories.normalizedTitle, set: { isMainCategory: true } });
}

/** GET products/delivery-methods: the five methods with their price in euros. */
export async function listDeliveryMethods(db: DbOrTx) {
  const rows = await db.select().from(deliveryMethods).orderBy(asc(deliveryMethods.id));
  const items = rows.map((m) => ({ id: m.id, name: m.name, price: fromCents(m.priceCents) }));
  return { items, totalCount: items.length };
}
