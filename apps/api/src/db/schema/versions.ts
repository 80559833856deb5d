import { bigint, pgSequence, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';

/** Values of the data versions below: every bump takes the next one, so a row's version only ever grows. */
export const dataVersionSequence = pgSequence('data_version_seq');

/**
 * Versions per tenant (and for the host, the nil uuid: shared data such as categories and delivery methods), bumped
 * by statement triggers (migration 0007) whenever a table shown in a list changes. A tenant's version is the sum of
 * its rows. Each database connection bumps its own slot (its backend pid modulo 64, migration 0009), so concurrent
 * writes in one workshop do not queue behind one hot row until they commit. The list endpoints turn the version into
 * their ETag before they build the list (docs/decisions/0011). No foreign key: a deleted tenant's rows go, its
 * version rows stay.
 */
export const dataVersions = pgTable(
  'data_versions',
  {
    tenantId: uuid('tenant_id').notNull(),
    slot: smallint('slot').notNull().default(0),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.slot] })],
);
