import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

/**
 * One row per change of a reservation that the live stream reports (docs/decisions/0028), written by the trigger
 * `reservation_event` of migration 0013 on every insert and status change, in the change's own transaction, which
 * also sends it with `pg_notify('reservation_events', …)`. Kept a day so a client can resume after a drop
 * (`Last-Event-ID`), then cleaned up by the job runner.
 */
export const reservationEvents = pgTable(
  'reservation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    reservationId: uuid('reservation_id').notNull(),
    orderNumber: text('order_number').notNull(),
    kind: text('kind').$type<'reservationCreated' | 'reservationStatusChanged' | 'reservationPaid'>().notNull(),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservation_events_tenant_idx').on(t.tenantId, t.id),
    index('reservation_events_created_idx').on(t.createdAt),
  ],
);
