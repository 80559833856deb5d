import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Idempotency-Key of a shop order (the IETF httpapi draft): the first request with a key claims it
 * (`pending`), the order's own transaction records its answer (`done`), so a repeat with the same body answers that
 * answer and a repeat with another body is refused. Kept 24 hours. Nothing secret is kept: the customer link in a
 * repeated answer is derived again from the key and body (reservations/idempotency.ts).
 */
export const shopIdempotencyKeys = pgTable('shop_idempotency_keys', {
  /** SHA-256 of the key the client sent. */
  keyHash: text('key_hash').primaryKey(),
  /** SHA-256 of the validated request body. */
  requestHash: text('request_hash').notNull(),
  state: text('state', { enum: ['pending', 'done'] })
    .notNull()
    .default('pending'),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
