import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { reservations } from './reservations.ts';
import { tenants } from './tenants.ts';

/**
 * Money through a payment provider (docs/payments.md). The demo provider keeps using the reservation's
 * payment token; with Mollie each payment, route and refund is a row here, written in the transaction of the change
 * that asks for it and carried out by a job (lib/jobs.ts), so a provider that is down delays it but never loses it.
 */

/** The reservation a row of money is about and its workshop: the row goes when either goes. */
const ofReservation = () => ({
  reservationId: uuid('reservation_id')
    .notNull()
    .references(() => reservations.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
});

/** A payment at the provider for a reservation; a newer one (new quote, expired link) replaces the one before. */
export const providerPayments = pgTable(
  'provider_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ofReservation(),
    /** Null until the provider made it (the job may still be retrying). */
    providerPaymentId: text('provider_payment_id').unique(),
    checkoutUrl: text('checkout_url'),
    amountCents: integer('amount_cents').notNull(),
    /** `creating` (job pending), then the provider's status: open, pending, authorized, paid, canceled, expired, failed. */
    status: text('status').notNull().default('creating'),
    /** Why it was made: the approval, a new quote, a reminder after the old one expired. */
    purpose: text('purpose', { enum: ['approval', 'quote', 'reminder'] }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_payments_reservation_idx').on(t.reservationId, t.createdAt)],
);

/** The workshop's share of a paid reservation, routed to its Mollie organisation once (delayed routing). */
export const paymentRoutes = pgTable(
  'payment_routes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ofReservation(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** `waiting` (not connected yet, or the job has not run), `routed`. */
    status: text('status', { enum: ['waiting', 'routed'] })
      .notNull()
      .default('waiting'),
    organizationId: text('organization_id'),
    providerRouteId: text('provider_route_id'),
    lastError: text('last_error'),
    routedAt: timestamp('routed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Once per reservation: the shipped and handed-over transitions cannot both happen, and a repeat finds this row.
    uniqueIndex('payment_routes_reservation_idx').on(t.reservationId),
    index('payment_routes_tenant_idx').on(t.tenantId, t.status),
    check('payment_routes_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Money given back to the customer: a received return, or a refund by the super admin (wholly or per line). */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...ofReservation(),
    /** Null with the demo provider: the refund is then only marked, and paid back by hand. */
    providerPaymentId: text('provider_payment_id'),
    amountCents: integer('amount_cents').notNull(),
    /** The part of it that reverses the workshop's routed share (the net of the refunded lines). */
    workshopCents: integer('workshop_cents').notNull().default(0),
    /**
     * Whether the workshop's part is pulled back from its organisation (its share was routed when the refund was
     * asked); otherwise its waiting share was lowered instead, in the same transaction.
     */
    reversesRoute: boolean('reverses_route').notNull().default(false),
    reason: text('reason').notNull(),
    source: text('source', { enum: ['return', 'backoffice', 'withdrawal'] }).notNull(),
    /** The refunded reservation lines (reservation_products ids); empty = the whole reservation. */
    lines: jsonb('lines').$type<string[]>().notNull().default([]),
    /** `pending` (job to run or retrying), `refunded` (the provider accepted it), `marked` (demo: to pay by hand). */
    status: text('status', { enum: ['pending', 'refunded', 'marked'] })
      .notNull()
      .default('pending'),
    providerRefundId: text('provider_refund_id'),
    lastError: text('last_error'),
    actorUserId: uuid('actor_user_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_refunds_reservation_idx').on(t.reservationId),
    index('payment_refunds_created_idx').on(t.createdAt),
    check('payment_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
