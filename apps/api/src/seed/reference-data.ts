import { FAQ_IDS, ROLE_NAMES } from '@ateliermarkt/contract';
import type { Db } from '../db/client.ts';
import { faqs, roles } from '../db/schema/index.ts';
import { ensureProductReferenceData } from '../modules/products/product-reference-data.ts';

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
  await ensureProductReferenceData(db);
}
