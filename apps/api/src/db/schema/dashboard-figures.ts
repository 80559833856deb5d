import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { products } from './products.ts';
import { tenants } from './tenants.ts';

/**
 * The dashboard's counts per workshop and period, kept by the database's triggers on `reservations` in the same
 * transaction as every write (migration 0032, docs/decisions/0062), so the dashboard reads a few hundred rows
 * instead of every reservation. `period` is `month` or `week` and `startsOn` its first day in the Netherlands
 * (a week starts on Monday): `placed` counts the reservations placed in it (`created_at`), `revenueCents` the paid
 * revenue of the month (`paid_at`, statuses paid to returning: the available lines without delivery).
 */
export const reservationPeriodFigures = pgTable(
  'reservation_period_figures',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    period: text('period').$type<'month' | 'week'>().notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    placed: integer('placed').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.period, t.startsOn] }),
    index('reservation_period_figures_period_idx').on(t.period, t.startsOn),
  ],
);

/**
 * Units of each product in reservations that were not rejected (its available lines), kept by triggers on
 * `reservation_products` and `reservations` (migration 0032): the dashboard's 'meest gereserveerd' reads the top
 * of an index instead of adding up every reservation line.
 */
export const productReservedUnits = pgTable(
  'product_reserved_units',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    units: integer('units').notNull().default(0),
  },
  (t) => [
    index('product_reserved_units_units_idx').on(t.units.desc()),
    index('product_reserved_units_tenant_units_idx').on(t.tenantId, t.units.desc()),
  ],
);

/**
 * The unique products that a reservation awaiting payment holds on an available line, with how many such
 * reservations hold each (never 0: the row goes), kept by triggers on `reservation_products`, `reservations` and
 * `products` (docs/decisions/0070). A new reservation with an available line on one of these products waits behind
 * another's payment (paused): the dashboard's 'Te doen' reads its paused set from here instead of every line.
 */
export const productPaymentHolds = pgTable(
  'product_payment_holds',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    holders: integer('holders').notNull(),
  },
  (t) => [index('product_payment_holds_tenant_idx').on(t.tenantId)],
);

/**
 * How many reservations each workshop has per status, and how many of those were withdrawn, kept by triggers on
 * `reservations` in the writing transaction (docs/decisions/0078): the overview's tab counts and an unsearched page's
 * total read at most a workshop's eight rows (the super admin: every workshop's) instead of counting every reservation.
 */
export const reservationStatusCounts = pgTable(
  'reservation_status_counts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    status: integer('status').notNull(),
    reservations: integer('reservations').notNull().default(0),
    withdrawn: integer('withdrawn').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status] })],
);
