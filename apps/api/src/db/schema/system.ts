import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * Secrets the server generated for itself when none was configured and the database is shared (PostgreSQL): every
 * instance reads the same one (docs/decisions/0008).
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Request counts of @fastify/rate-limit, shared by every instance: one row per route and client key, holding the
 * count of the current window and when that window ends (docs/decisions/0008).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    route: text('route').notNull(),
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.route, t.key] }), index('rate_limit_hits_window_end_idx').on(t.windowEnd)],
);

/**
 * The super admin's settings ('Instellingen'): one row per key of the contract's
 * `PlatformSettings`, the value as JSON. A key without a row has its default (modules/settings).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
