import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/**
 * Every download of a month's SEPA bank file (docs/decisions/0040): recorded in the request that makes
 * the file, so a second file of the same month (which would pay every workshop twice) is a deliberate act.
 */
export const payoutDownloads = pgTable(
  'payout_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** YYYY-MM. */
    month: text('month').notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
    downloadedBy: uuid('downloaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** The file's MsgId (unique per file: a bank refuses one it has seen). */
    messageId: text('message_id').notNull().unique(),
    numberOfTransfers: integer('number_of_transfers').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('payout_downloads_month_idx').on(t.month, t.downloadedAt)],
);
