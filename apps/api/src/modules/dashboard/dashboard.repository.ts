/**
 * The dashboard's figures, each aggregated in the database by one statement: per workshop where the super
 * admin's breakdown needs it, and always within the caller's tenant condition (`scope`).
 */
import { OPEN_STATUSES, STATUS, TIME_ZONE, TODO_KINDS, type TodoKind } from '@ateliermarkt/contract';
import { and, desc, eq, gt, gte, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { products, reservationProducts, reservations, tenants, workspaces } from '../../db/schema/index.ts';
import { type Deadlines, todoCondition } from '../reservations/index.ts';

/** Paid and not returned: what counts as revenue (docs/decisions/0027). */
export const REVENUE_STATUSES = [STATUS.paid, STATUS.shipped, STATUS.pickedUp, STATUS.returning];

/** The time zone as a literal, not a parameter: GROUP BY must see the same expression as the SELECT. */
const TZ = sql.raw(`'${TIME_ZONE}'`);
const asInt = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);
/** `timestamptz` of the start of the month `back` months before `now`'s, in the Netherlands. */
const monthStart = (now: Date, back: number) =>
  sql`((date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${TZ}) - make_interval(months => ${back})) at time zone ${TZ})`;
/** `timestamptz` of the Monday `back` weeks before `now`'s week, in the Netherlands. */
const weekStart = (now: Date, back: number) =>
  sql`((date_trunc('week', ${now.toISOString()}::timestamptz at time zone ${TZ}) - make_interval(weeks => ${back})) at time zone ${TZ})`;

export type TodoRow = { tenantId: string } & Record<TodoKind, number>;

/**
 * The new reservations waiting behind another's payment (isPausedSql's condition, one row per reservation), as one
 * set to join: inside `count(*) filter (...)` the correlated EXISTS was a sub-plan run for every open reservation.
 */
function pausedReservations(db: Db, tenantId: string | null) {
  const line = alias(reservationProducts, 'line');
  const other = alias(reservationProducts, 'other');
  const holder = alias(reservations, 'holder');
  return db.$with('paused_reservations').as(
    db
      .selectDistinct({ reservationId: line.reservationId })
      .from(line)
      .innerJoin(products, and(eq(products.id, line.productId), eq(products.isUniqueEdition, true)))
      .innerJoin(
        other,
        and(
          eq(other.productId, line.productId),
          ne(other.reservationId, line.reservationId),
          eq(other.isAvailable, true),
        ),
      )
      .innerJoin(holder, and(eq(holder.id, other.reservationId), eq(holder.status, STATUS.awaitingPayment)))
      .where(and(eq(line.isAvailable, true), tenantId ? eq(products.tenantId, tenantId) : undefined)),
  );
}

/**
 * The 'Te doen' counts per workshop (only workshops with something open appear): one scan of the open reservations
 * with the paused set and the workshop's holiday joined once, no sub-plan per row. `tenantId`: the
 * workshop admin's workshop, or null for every workshop.
 */
export function todoPerTenant(db: Db, tenantId: string | null, deadlines: Deadlines) {
  const paused = pausedReservations(db, tenantId);
  const joined = {
    paused: sql`(${reservations.status} = ${STATUS.new} and ${paused.reservationId} is not null)`,
    holiday: { from: sql`${workspaces.holidayFrom}`, to: sql`${workspaces.holidayTo}` },
  };
  const counts = Object.fromEntries(
    TODO_KINDS.map((kind) => [kind, asInt(sql`count(*) filter (where ${todoCondition(db, kind, deadlines, joined)})`)]),
  ) as Record<TodoKind, SQL<number>>;
  return (
    db
      .with(paused)
      .select({ tenantId: reservations.tenantId, ...counts })
      .from(reservations)
      .leftJoin(paused, eq(paused.reservationId, reservations.id))
      .leftJoin(workspaces, eq(workspaces.tenantId, reservations.tenantId))
      // Open, or closed with a refund still to do (a withdrawal before shipping: 'Herroepingen').
      .where(
        and(
          tenantId ? eq(reservations.tenantId, tenantId) : undefined,
          or(inArray(reservations.status, [...OPEN_STATUSES]), eq(reservations.refundStatus, 'pending')),
        ),
      )
      .groupBy(reservations.tenantId)
  );
}

/** Reservations placed this month and last month, per workshop. */
export async function placedPerTenant(db: Db, scope: SQL | undefined, now: Date) {
  const thisMonth = monthStart(now, 0);
  return db
    .select({
      tenantId: reservations.tenantId,
      thisMonth: asInt(sql`count(*) filter (where ${reservations.createdAt} >= ${thisMonth})`),
      lastMonth: asInt(sql`count(*) filter (where ${reservations.createdAt} < ${thisMonth})`),
    })
    .from(reservations)
    .where(and(scope, gte(reservations.createdAt, monthStart(now, 1))))
    .groupBy(reservations.tenantId);
}

/** Paid revenue in cents per workshop and month (`YYYY-MM`), for the 12 months up to and including `now`'s. */
export async function revenuePerTenantMonth(db: Db, scope: SQL | undefined, now: Date) {
  const month = sql<string>`to_char(${reservations.paidAt} at time zone ${TZ}, 'YYYY-MM')`;
  return db
    .select({
      tenantId: reservations.tenantId,
      month,
      cents: asInt(sql`sum(${reservationProducts.priceCents} * ${reservationProducts.quantity})`),
    })
    .from(reservations)
    .innerJoin(
      reservationProducts,
      and(eq(reservationProducts.reservationId, reservations.id), eq(reservationProducts.isAvailable, true)),
    )
    .where(and(scope, inArray(reservations.status, REVENUE_STATUSES), gte(reservations.paidAt, monthStart(now, 11))))
    .groupBy(reservations.tenantId, month);
}

/** Reservations placed per week (`YYYY-MM-DD` of its Monday), for the 12 weeks up to and including `now`'s. */
export async function placedPerWeek(db: Db, scope: SQL | undefined, now: Date) {
  const week = sql<string>`to_char(date_trunc('week', ${reservations.createdAt} at time zone ${TZ}), 'YYYY-MM-DD')`;
  return db
    .select({ weekStart: week, reservations: asInt(sql`count(*)`) })
    .from(reservations)
    .where(and(scope, gte(reservations.createdAt, weekStart(now, 11))))
    .groupBy(week);
}

const TOP = 5;
const productFields = {
  id: products.id,
  productNumber: products.productNumber,
  name: products.name,
  workspaceName: tenants.name,
};

/** The five products with the most views in the shop. `scope` is a condition on `products.tenantId`. */
export async function mostViewed(db: Db, scope: SQL | undefined) {
  return db
    .select({ ...productFields, count: products.viewCount })
    .from(products)
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .where(and(scope, gt(products.viewCount, 0)))
    .orderBy(desc(products.viewCount), products.productNumber)
    .limit(TOP);
}

/** The five products reserved most often (units in reservations that were not rejected). */
export async function mostReserved(db: Db, scope: SQL | undefined) {
  const units = asInt(sql`sum(${reservationProducts.quantity})`);
  return db
    .select({ ...productFields, count: units })
    .from(reservationProducts)
    .innerJoin(reservations, eq(reservations.id, reservationProducts.reservationId))
    .innerJoin(products, eq(products.id, reservationProducts.productId))
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .where(and(scope, ne(reservations.status, STATUS.rejected), eq(reservationProducts.isAvailable, true)))
    .groupBy(products.id, tenants.name)
    .orderBy(desc(units), products.productNumber)
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
