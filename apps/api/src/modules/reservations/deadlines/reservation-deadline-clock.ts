/**
 * The deadline clock of a reservation (docs/decisions/0036) as SQL on the outer `reservations`
 * row, so the scheduler, the dashboard's 'Verloopt binnen 24 uur' and its list all use the same expression.
 *
 * A deadline counts from the reservation's start (placed: `created_at`; awaiting payment: `confirmed_at`) and does not
 * run during its workshop's holiday (`holiday_from`–`holiday_to`, whole Dutch days, inclusive): the elapsed time is
 * the time since the start less its overlap with the holiday. While the workshop is on holiday nothing is done.
 */
import { type DeadlineSetting, STATUS, TIME_ZONE } from '@ateliermarkt/contract';
import { and, eq, inArray, ne, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { products, reservationProducts, reservations } from '../../../db/schema/index.ts';
import { isPausedSql } from '../reservations.repository.ts';

/** Each deadline in milliseconds, as the settings hold now. */
export type Deadlines = Record<DeadlineSetting, number>;

const TZ = sql.raw(`'${TIME_ZONE}'`);

/**
 * The workshop's holiday days of the outer reservation: by default correlated subqueries on `workspaces` (fine for the
 * scheduler's few rows); a caller counting many rows passes the columns of a join instead (the dashboard),
 * so no sub-plan runs per row.
 */
export type HolidayColumns = { from: SQL; to: SQL };
const holidaySubqueries: HolidayColumns = {
  from: sql`(select hw.holiday_from from workspaces hw where hw.tenant_id = ${reservations.tenantId})`,
  to: sql`(select hw.holiday_to from workspaces hw where hw.tenant_id = ${reservations.tenantId})`,
};
/** The holiday as moments: from the start of its first day to the end of its last (null without a holiday). */
const holidayStart = (h: HolidayColumns) => sql`(${h.from}::timestamp at time zone ${TZ})`;
const holidayEnd = (h: HolidayColumns) => sql`((${h.to} + 1)::timestamp at time zone ${TZ})`;

export type ClockStart = 'placed' | 'approved';
/**
 * A new reservation counts from its placing, or from when it was resumed after being paused (`deadline_from`,
 * GREATEST skips its NULL); one awaiting payment from its approval (rows without one, older seeds: their last change).
 */
const startOf = (clock: ClockStart) =>
  clock === 'placed'
    ? sql`greatest(${reservations.createdAt}, ${reservations.deadlineFrom})`
    : sql`coalesce(${reservations.confirmedAt}, ${reservations.updatedAt})`;

/** The moment the clocks are read at: the statement's own time, unless a caller asks about another moment. */
const NOW = sql`now()`;

const seconds = (interval: SQL) => sql`extract(epoch from (${interval}))`;

/** Seconds the clock has run since the start: the time since then less the holiday's part of it. */
function elapsedSeconds(clock: ClockStart, h: HolidayColumns, now: SQL = NOW): SQL {
  const start = startOf(clock);
  // LEAST and GREATEST skip NULLs: without a holiday the overlap must be 0, not the whole time.
  const pausedPart = sql`(case when ${h.from} is null or ${h.to} is null then 0 else greatest(0, ${seconds(sql`least(${now}, ${holidayEnd(h)}) - greatest(${start}, ${holidayStart(h)})`)}) end)`;
  return sql`(${seconds(sql`${now} - ${start}`)} - ${pausedPart})`;
}

/** The workshop is on holiday now: no automatic step. */
export const onHoliday = sql`coalesce(now() >= ${holidayStart(holidaySubqueries)} and now() < ${holidayEnd(holidaySubqueries)}, false)`;

/** The deadline has run out and the workshop is not on holiday: the scheduler acts. */
export function deadlinePassed(clock: ClockStart, deadlineMs: number): SQL {
  return sql`(${elapsedSeconds(clock, holidaySubqueries)} * 1000 >= ${deadlineMs}::float8 and not ${onHoliday})`;
}

/**
 * Seconds until the deadline runs out (negative: overdue, the next run acts): what is left of it now, plus the part
 * of a holiday still to come that falls before that moment (the clock stands still then).
 */
function secondsLeft(clock: ClockStart, deadlineMs: number, h: HolidayColumns, now: SQL): SQL {
  const left = sql`(${deadlineMs}::float8 / 1000 - ${elapsedSeconds(clock, h, now)})`;
  const holidayAhead = sql`(case when ${holidayStart(h)} < ${now} + ${left} * interval '1 second' and ${holidayEnd(h)} > ${now} then ${seconds(sql`${holidayEnd(h)} - greatest(${holidayStart(h)}, ${now})`)} else 0 end)`;
  return sql`(${left} + coalesce(${holidayAhead}, 0))`;
}

/**
 * Columns of joins that replace the per-row subqueries of the 'Te doen' conditions (see todoCondition), and the moment
 * (`now`, a timestamptz; default the statement's now()) at which the time-dependent ones are asked.
 */
export type JoinedTodoColumns = { paused: SQL; holiday: HolidayColumns; now?: SQL };

/** 'Verloopt binnen 24 uur': a new or unpaid reservation that the scheduler rejects within a day. */
export function expiresWithin(db: DbOrTx, deadlines: Deadlines, withinMs: number, joined?: JoinedTodoColumns): SQL {
  const within = withinMs / 1000;
  const paused = joined?.paused ?? isPausedSql(db);
  const h = joined?.holiday ?? holidaySubqueries;
  const now = joined?.now ?? NOW;
  return sql`((${and(eq(reservations.status, STATUS.new), not(paused))} and ${secondsLeft('placed', deadlines.reservationExpireAfter, h, now)} <= ${within}) or (${eq(reservations.status, STATUS.awaitingPayment)} and ${secondsLeft('approved', deadlines.paymentExpireAfter, h, now)} <= ${within}))`;
}

/**
 * A reservation left 'awaiting payment' (rejected or paid): the new reservations paused behind it (sharing one of its
 * unique products) start their clock again now, reminder included, so a resumed one is not rejected at once for the
 * days it could not be answered. In the transaction of that change.
 */
export async function restartClocksBehind(tx: DbOrTx, reservationId: string) {
  const mine = alias(reservationProducts, 'mine');
  const other = alias(reservationProducts, 'other');
  const behind = tx
    .select({ id: other.reservationId })
    .from(mine)
    .innerJoin(products, and(eq(products.id, mine.productId), eq(products.isUniqueEdition, true)))
    .innerJoin(
      other,
      and(
        eq(other.productId, mine.productId),
        ne(other.reservationId, mine.reservationId),
        eq(other.isAvailable, true),
      ),
    )
    .where(and(eq(mine.reservationId, reservationId), eq(mine.isAvailable, true)));
  await tx
    .update(reservations)
    .set({ deadlineFrom: sql`now()`, remindedAt: null })
    .where(and(eq(reservations.status, STATUS.new), inArray(reservations.id, behind)));
}
