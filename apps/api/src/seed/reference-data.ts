import { ROLE_NAMES } from '@ateliermarkt/contract';
import type { Db } from '../db/client.ts';
import { roles } from '../db/schema/index.ts';

/** Data every installation needs, demo or not. Idempotent: run at every start. */
export async function ensureReferenceData(db: Db) {
  await db
    .insert(roles)
    .values(ROLE_NAMES.map((name) => ({ name })))
    .onConflictDoNothing({ target: roles.name });
}
