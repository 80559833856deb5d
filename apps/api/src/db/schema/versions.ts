import { bigint, pgSequence, pgTable, uuid } from 'drizzle-orm/pg-core';

/** Values of the data versions below: every bump takes the next one, so a tenant's version only ever grows. */
export const dataVersionSequence = pgSequence('data_version_seq');

/**
 * A version per tenant (and one for the host, the nil uuid: shared data such as categories and delivery methods),
 * bumped by statement triggers (migration 0006) whenever a table shown in a list changes. The list endpoints turn
 * it into their ETag before they build the list (docs/decisions/0008). No foreign key: a deleted tenant's rows go,
 * its version row stays.
 */
export const dataVersions = pgTable('data_versions', {
  tenantId: uuid('tenant_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
