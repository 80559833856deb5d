import { FAQ_IDS, ROLE_NAMES } from '@ateliermarkt/contract';
import type { Db } from '../db/client.ts';
import { faqs, resources, roles } from '../db/schema/index.ts';
import { ensureProductReferenceData } from '../modules/products/product-reference-data.ts';
import { SHOP_RESOURCES } from './shop-resources.ts';

/** Data every installation needs, demo or not. Idempotent: run at every start. */
export async function ensureReferenceData(db: Db) {
  await db
    .insert(roles)
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing({ target: roles.name });
  await db
    .insert(faqs)
    .values([
      { id: FAQ_IDS.backOffice, name: 'Veelgestelde vragen back-office' },
      { id: FAQ_IDS.shop, name: 'Veelgestelde vragen webshop' },
    ])
    .onConflictDoNothing({ target: faqs.id });
  // The shop's texts: created with their default, never overwritten (the super admin edits them).
  await db
    .insert(resources)
    .values(SHOP_RESOURCES.map((r) => ({ ...r })))
    .onConflictDoNothing({ target: resources.name });
  await ensureProductReferenceData(db);
}
