/**
 * The dashboard's figures, each aggregated in the database by one statement: per workshop where the super
 * admin's breakdown needs it, and always within the caller's workshop (`tenantId`; null: every workshop). The
 * counts and sums of every reservation come from what the database keeps per period and product (migration 0032).
 */
import { OPEN_STATUSES, STATUS, TIME_ZONE, TODO_KINDS, type TodoKind } from '@ateliermarkt/contract';
import { and, eq, getTableName, gt, gte, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  productPaymentHolds,
  productReservedUnits,
  products,
  reservationPeriodFigures,
  reservationProducts,
  reservations,
  tenants,
  workspaces,
} from '../../db/schema/index.ts';
import { DB_NOW_MS } from '../../lib/workshop-memory.ts';
import { type Deadlines, todoCondition } from '../reservations/index.ts';

/** Paid and not returned: what counts as revenue (docs/decisions/0027). */
export const REVENUE_STATUSES = [STATUS.paid, STATUS.shipped, STATUS.pickedUp, STATUS.returning];

/** The time zone as a literal, not a parameter: GROUP BY must see the same expression as the SELECT. */
const TZ = sql.raw(`'${TIME_ZONE}'`);
const asInt = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);

/**
 * The reservations with an available line on a unique product that a reservation awaiting payment holds, from the
 * holds the database keeps (product_payment_holds, docs/decisions/0070), one row per reservation. Joined with
 * status new this is isPausedSql's condition: a new reservation never awaits payment itself, so the holder is always
 * another reservation. Read from the held products (a few hundred) and their lines, not from every line.
 */
function pausedReservations(db: Db, workshopIds: string[] | null) {
  return db.$with('paused_reservations').as(
    db
      .selectDistinct({ reservationId: reservationProducts.reservationId })
      .from(productPaymentHolds)
      .innerJoin(reservationProducts, eq(reservationProducts.productId, productPaymentHolds.productId))
      .where(
        and(
          eq(reservationProducts.isAvailable, true),
          workshopIds ? inArray(productPaymentHolds.tenantId, workshopIds) : undefined,
        ),
      ),
  );
}

/** The 'Te doen' kinds that change with the time alone (a deadline coming near, a payment waiting long). */
export const TIMED_TODO_KINDS = ['expiresSoon', 'awaitingPaymentLong'] as const satisfies TodoKind[];
type TimedTodoKind = (typeof TIMED_TODO_KINDS)[number];
export type TodoRow = { tenantId: string; at: number } & Record<TodoKind, number> & {
    /** The time-dependent counts `laterMs` after `at`. */
    later: Record<TimedTodoKind, number>;
  };

/**
 * The 'Te doen' counts per workshop, as a query (only workshops with something open appear): one scan of the open
 * reservations with the paused set and the workshop's holiday joined once, no sub-plan per row. `workshopIds`: the workshops to
 * count, or null for every workshop. The time-dependent kinds are also counted `laterMs` after the statement's
 * time (`at`, milliseconds since 1970): a reservation that counts stays counted as the time passes until a write
 * changes it, so equal counts at both moments mean no count changes in between.
 */
export function todoQuery(db: Db, workshopIds: string[] | null, deadlines: Deadlines, laterMs: number) {
  const paused = pausedReservations(db, workshopIds);
  const joined = {
    paused: sql`(${reservations.status} = ${STATUS.new} and ${paused.reservationId} is not null)`,
    holiday: { from: sql`${workspaces.holidayFrom}`, to: sql`${workspaces.holidayTo}` },
  };
  const count = (kind: TodoKind, now?: SQL) =>
    asInt(sql`count(*) filter (where ${todoCondition(db, kind, deadlines, { ...joined, now })})`);
  const counts = Object.fromEntries(TODO_KINDS.map((kind) => [kind, count(kind)])) as Record<TodoKind, SQL<number>>;
  const later = sql`(now() + ${laterMs} * interval '1 millisecond')`;
  return (
    db
      .with(paused)
      .select({
        tenantId: reservations.tenantId,
        at: DB_NOW_MS,
        ...counts,
        laterExpiresSoon: count('expiresSoon', later),
        laterAwaitingPaymentLong: count('awaitingPaymentLong', later),
      })
      .from(reservations)
      .leftJoin(paused, eq(paused.reservationId, reservations.id))
      .leftJoin(workspaces, eq(workspaces.tenantId, reservations.tenantId))
      // Open, or closed with a refund still to do (a withdrawal before shipping: 'Herroepingen').
      .where(
        and(
          workshopIds ? inArray(reservations.tenantId, workshopIds) : undefined,
          or(inArray(reservations.status, [...OPEN_STATUSES]), eq(reservations.refundStatus, 'pending')),
        ),
      )
      .groupBy(reservations.tenantId)
  );
}

/** todoQuery's counts per workshop, the later ones apart. */
export async function todoPerWorkshop(
  db: Db,
  workshopIds: string[] | null,
  deadlines: Deadlines,
  laterMs: number,
): Promise<TodoRow[]> {
  const rows = await todoQuery(db, workshopIds, deadlines, laterMs);
  return rows.map(({ laterExpiresSoon, laterAwaitingPaymentLong, ...row }) => ({
    ...row,
    later: { expiresSoon: laterExpiresSoon, awaitingPaymentLong: laterAwaitingPaymentLong },
  }));
}

/** The first day (`date`) of the month `back` months before `now`'s, in the Netherlands. */
const monthFirstDay = (now: Date, back: number) =>
  sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${TZ}) - make_interval(months => ${back}))::date`;
/** The Monday (`date`) of the week `back` weeks before `now`'s, in the Netherlands. */
const weekFirstDay = (now: Date, back: number) =>
  sql`(date_trunc('week', ${now.toISOString()}::timestamptz at time zone ${TZ}) - make_interval(weeks => ${back}))::date`;
/** The kept figures of one kind of period, from `from` on, within the caller's workshop (null: every workshop). */
const figuresOf = (workshopId: string | null, period: 'month' | 'week', from: SQL) =>
  and(
    workshopId ? eq(reservationPeriodFigures.tenantId, workshopId) : undefined,
    eq(reservationPeriodFigures.period, period),
    gte(reservationPeriodFigures.startsOn, from),
  );

/**
 * Reservations placed this month and last month, per workshop: from the counts the database keeps per month
 * (reservation_period_figures, migration 0032). 'This month' includes any later month, as a bound from the start of
 * last month on does.
 */
export async function placedPerWorkshop(db: Db, workshopId: string | null, now: Date) {
  const thisMonth = monthFirstDay(now, 0);
  return db
    .select({
      tenantId: reservationPeriodFigures.tenantId,
      thisMonth: asInt(
        sql`coalesce(sum(${reservationPeriodFigures.placed}) filter (where ${reservationPeriodFigures.startsOn} >= ${thisMonth}), 0)`,
      ),
      lastMonth: asInt(
        sql`coalesce(sum(${reservationPeriodFigures.placed}) filter (where ${reservationPeriodFigures.startsOn} < ${thisMonth}), 0)`,
      ),
    })
    .from(reservationPeriodFigures)
    .where(figuresOf(workshopId, 'month', monthFirstDay(now, 1)))
    .groupBy(reservationPeriodFigures.tenantId);
}

/**
 * Paid revenue in cents per workshop and month (`YYYY-MM`), for the 12 months up to and including `now`'s: the
 * available lines (without delivery) of the reservations paid in that month and now paid to returning, as kept per
 * month by the database (migration 0032).
 */
export async function revenuePerWorkshopMonth(db: Db, workshopId: string | null, now: Date) {
  return db
    .select({
      tenantId: reservationPeriodFigures.tenantId,
      month: sql<string>`to_char(${reservationPeriodFigures.startsOn}, 'YYYY-MM')`,
      cents: reservationPeriodFigures.revenueCents,
    })
    .from(reservationPeriodFigures)
    .where(and(figuresOf(workshopId, 'month', monthFirstDay(now, 11)), ne(reservationPeriodFigures.revenueCents, 0)));
}

/** Reservations placed per week (`YYYY-MM-DD` of its Monday), for the 12 weeks up to and including `now`'s. */
export async function placedPerWeek(db: Db, workshopId: string | null, now: Date) {
  const week = sql<string>`to_char(${reservationPeriodFigures.startsOn}, 'YYYY-MM-DD')`;
  return db
    .select({ weekStart: week, reservations: asInt(sql`sum(${reservationPeriodFigures.placed})`) })
    .from(reservationPeriodFigures)
    .where(figuresOf(workshopId, 'week', weekFirstDay(now, 11)))
    .groupBy(reservationPeriodFigures.startsOn);
}

const TOP = 5;
const productFields = {
  id: products.id,
  productNumber: products.productNumber,
  name: products.name,
  workspaceName: tenants.name,
};

/**
 * The least of the five highest values of `column` (at least 1): every row of the top five, ties included, has at
 * least this, so the top five is read from the top of the column's index (migration 0032) instead of sorting every
 * product by the value and its product number. `desc nulls last`: the index's order (the columns are never null).
 */
const fifthHighest = (column: AnyPgColumn, where: SQL | undefined) =>
  sql`coalesce((select ${column} from ${sql.raw(`"${getTableName(column.table)}"`)} where ${and(where, gt(column, 0))} order by ${column} desc nulls last offset ${TOP - 1} limit 1), 1)`;

/** The five products with the most views in the shop. `tenantId` null: every workshop. */
export async function mostViewed(db: Db, workshopId: string | null) {
  const own = workshopId ? eq(products.tenantId, workshopId) : undefined;
  return db
    .select({ ...productFields, count: products.viewCount })
    .from(products)
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .where(and(own, gte(products.viewCount, fifthHighest(products.viewCount, own))))
    .orderBy(sql`${products.viewCount} desc nulls last`, products.productNumber)
    .limit(TOP);
}

/**
 * The five products reserved most often (units in reservations that were not rejected), from the units the
 * database keeps per product (product_reserved_units, migration 0032). `tenantId` null: every workshop.
 */
export async function mostReserved(db: Db, workshopId: string | null) {
  const own = workshopId ? eq(productReservedUnits.tenantId, workshopId) : undefined;
  return db
    .select({ ...productFields, count: productReservedUnits.units })
    .from(productReservedUnits)
    .innerJoin(products, eq(products.id, productReservedUnits.productId))
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .where(and(own, gte(productReservedUnits.units, fifthHighest(productReservedUnits.units, own))))
    .orderBy(sql`${productReservedUnits.units} desc nulls last`, products.productNumber)
    .limit(TOP);
}

/** Every workshop, for the super admin's breakdown. */
export async function allWorkshops(db: Db) {
  return db
    .select({ tenantId: tenants.id, workspaceId: workspaces.id, name: tenants.name })
    .from(tenants)
    .leftJoin(workspaces, eq(workspaces.tenantId, tenants.id))
    .orderBy(sql`lower(${tenants.name})`);
}
