import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { deliveryMethods, products } from './products.ts';
import { tenants } from './tenants.ts';

/** Order numbers: unique, sequential and readable (`AM-100001`), shared by all workshops. */
export const orderNumberSequence = pgSequence('reservation_order_number_seq', { startWith: 100001 });

/**
 * What the overview's search looks in, one text per reservation (a newline between the parts, which a typed search
 * does not contain). The query and the index must use this same expression.
 */
export function reservationSearchText(t: { orderNumber: AnyPgColumn; name: AnyPgColumn; email: AnyPgColumn }) {
  return sql`(${t.orderNumber} || E'\\n' || ${t.name} || E'\\n' || ${t.email})`;
}

/** A reservation placed in the shop for products of one workshop. */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    orderNumber: text('order_number').notNull().unique(),
    /** 0–7, see the state machine in the contract. */
    status: integer('status').notNull().default(0),
    deliveryMethodId: integer('delivery_method_id')
      .notNull()
      .references(() => deliveryMethods.id),
    /** Number of packages. */
    deliveryQuantity: integer('delivery_quantity').notNull().default(1),
    /** Price of one package when ordered or last changed. */
    deliveryPriceCents: integer('delivery_price_cents').notNull(),
    /**
     * What the overview shows as its amount: the available lines plus delivery (the contract's reservationTotals),
     * kept by the database's triggers (migration 0022) whenever a line or the delivery changes, so sorting by amount
     * reads an index instead of adding up every reservation's lines.
     */
    amountCents: integer('amount_cents').notNull().default(0),
    name: text('name').notNull(),
    street: text('street').notNull(),
    streetNumber: text('street_number').notNull(),
    zipCode: text('zip_code').notNull(),
    city: text('city').notNull(),
    email: text('email').notNull(),
    favoriteColor: text('favorite_color'),
    personalMessage: text('personal_message'),
    trackAndTrace: text('track_and_trace'),
    /** SHA-256 of the payment link's token, set when the reservation is approved. */
    paymentTokenHash: text('payment_token_hash').unique(),
    /** SHA-256 of the token in the pick-up slip's QR code (docs/decisions/0033), set when the slip is made. */
    pickupTokenHash: text('pickup_token_hash').unique(),
    /** SHA-256 of the token in the customer's own link `PUBLIC_URL/reservering/{token}`. */
    customerTokenHash: text('customer_token_hash').unique(),
    /** When the customer withdrew (herroeping) through their link. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** A payment to give back after a withdrawal: `pending` until the provider refunded it, then `refunded`. */
    refundStatus: text('refund_status'),
    /** When it was approved, i.e. since when it awaits payment (the dashboard's 'langer dan 3 dagen onbetaald'). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When its new-reservation clock started, if later than its placing: when it was resumed after being
     * paused behind another reservation.
     */
    deadlineFrom: timestamp('deadline_from', { withTimezone: true }),
    /** When the workshop's admins were reminded of it unanswered (once per clock). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the customer got the automatic payment reminder (once). */
    paymentRemindedAt: timestamp('payment_reminded_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When its return was received (status 7): the month its statement credits it (docs/decisions/0039). */
    returnReceivedAt: timestamp('return_received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reservations_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('reservations_status_idx').on(t.status, t.createdAt),
    // The overview's default order (newest first, then the natural order of the number), walked backwards: a page
    // of 25 reads about 25 / (share of open) rows instead of sorting every open reservation.
    index('reservations_newest_idx').on(t.createdAt, sql`length(${t.orderNumber})`, t.orderNumber),
    index('reservations_tenant_newest_idx').on(t.tenantId, t.createdAt, sql`length(${t.orderNumber})`, t.orderNumber),
    // The overview's search: ILIKE '%…%' on the order number, name and e-mail as one text, through one
    // trigram index (pg_trgm, 0004); one index on the joined text is chosen where three on the columns were not.
    // Monthly statements: reservations paid, and returns received, within a month.
    index('reservations_paid_at_idx').on(t.paidAt),
    index('reservations_return_received_at_idx').on(t.returnReceivedAt),
    // Sorting by amount: the index gives the order, ties are sorted incrementally.
    index('reservations_amount_idx').on(t.amountCents),
    index('reservations_tenant_amount_idx').on(t.tenantId, t.amountCents),
    // Without GIN's pending list, as the products' trigram indexes (docs/decisions/0082).
    index('reservations_search_trgm_idx')
      .using('gin', sql`${reservationSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const reservationProducts = pgTable(
  'reservation_products',
  {
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      // No action: a product in a reservation cannot be deleted on its own, but goes with its workshop.
      .references(() => products.id),
    quantity: integer('quantity').notNull().default(1),
    /** Unit price when ordered. */
    priceCents: integer('price_cents').notNull(),
    /** Tax and fee percent when ordered: statements use these, never today's settings. */
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    feePercent: numeric('fee_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /**
     * BTW % on the platform's fee when ordered. Lines placed before the fee carried BTW keep 0: their
     * statements were closed and paid out without it.
     */
    feeVatPercent: numeric('fee_vat_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** False once the workshop removed it from the reservation (irreversible). */
    isAvailable: boolean('is_available').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.productId] }),
    // A product's lines with their reservations from the index alone: the search by product name reads the lines of
    // the matching products only, not every line (docs/decisions/0078).
    index('reservation_products_product_reservation_idx').on(t.productId, t.reservationId),
  ],
);

/**
 * Payment links replaced by a newer one (an edit's new quote, a reminder, docs/decisions/0037): only the
 * SHA-256 of the old token, so opening the old link can say it was replaced instead of 'ongeldig'. The new token is
 * never kept, nor derivable from the old.
 */
export const replacedPaymentLinks = pgTable(
  'replaced_payment_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('replaced_payment_links_reservation_idx').on(t.reservationId)],
);
