/**
 * The overview's narrowing as SQL conditions on `reservations`: the tab, the search text, the date
 * range and a dashboard card. GET reservations/all lists with them and GET reservations/counts counts with the same
 * ones, so a tab's number is always its list's total.
 */
import {
  OPEN_STATUSES,
  type ReservationListFilter,
  statusOfFilter,
  TIME_ZONE,
  type TodoKind,
} from '@ateliermarkt/contract';
import { and, eq, gte, ilike, inArray, isNotNull, lt, not, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { products, reservationProducts, reservationSearchText, reservations } from '../../../db/schema/index.ts';
import type { Deadlines } from '../deadlines/reservation-deadline-clock.ts';
import { todoCondition } from './reservation-todo.ts';

export type ListNarrowing = {
  search?: string | undefined;
  /** First day (YYYY-MM-DD, Dutch time), included. */
  from?: string | undefined;
  /** Last day (YYYY-MM-DD, Dutch time), included. */
  to?: string | undefined;
  todo?: TodoKind | undefined;
  /** The deadlines of now, for the 'expiresSoon' card (withDeadlines). */
  deadlines?: Deadlines | undefined;
};

const isOpen = inArray(reservations.status, [...OPEN_STATUSES]);

export function tabCondition(filter: ReservationListFilter): SQL | undefined {
  if (filter === 'open') return isOpen;
  if (filter === 'closed') return not(isOpen);
  if (filter === 'all') return undefined;
  if (filter === 'withdrawn') return isNotNull(reservations.withdrawnAt);
  const status = statusOfFilter(filter);
  return status === undefined ? undefined : eq(reservations.status, status);
}

/** A text value, or a placeholder for it in SQL built once (preparedSelectByShape). */
type Text = string | Placeholder;

/** `%text%` for LIKE, with the user's own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Whether a search text is long enough for the trigram indexes (three characters); a shorter one reads every row. */
export const usesTrigrams = (search: string) => search.length >= 3;

/**
 * The lines whose product's name matches the pattern (in the workshop, when given). With a text the trigram index can
 * serve (`indexed`), the matching products are taken first and their lines read by product from the line index
 * (`product_id = any(array(…))`): for a frequent name ('karaf': 486 products, 3,445 lines among 70,000) 2.5–5 times
 * faster than the join the planner otherwise picks, which reads and hashes every line. A shorter text may match most
 * products, so there the planner's join (`in (…)`) stays.
 */
function lineOfMatchingProduct(db: DbOrTx, pattern: Text, workshopId: Text | undefined, indexed: boolean): SQL {
  const matching = db
    .select({ id: products.id })
    .from(products)
    .where(and(workshopId ? eq(products.tenantId, workshopId) : undefined, ilike(products.name, pattern)));
  return indexed
    ? sql`${reservationProducts.productId} = any(array(${matching}))`
    : inArray(reservationProducts.productId, matching);
}

/**
 * The ids of the reservations whose order number, customer name or e-mail, or one of whose products' names, matches
 * the pattern (containsPattern): one id list from two index-backed halves (the trigram indexes of migrations 0005 and
 * 0016), each also limited to the workshop, so neither half makes the database read every reservation. `indexed`:
 * see usesTrigrams.
 */
export function searchIds(db: DbOrTx, pattern: Text, workshopId: Text | undefined, indexed: boolean) {
  const own = db
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        workshopId ? eq(reservations.tenantId, workshopId) : undefined,
        ilike(reservationSearchText(reservations), pattern),
      ),
    );
  const byProduct = db
    .select({ id: reservationProducts.reservationId })
    .from(reservationProducts)
    .where(lineOfMatchingProduct(db, pattern, workshopId, indexed));
  return own.union(byProduct);
}

/**
 * The reservations matching the search and `where` (conditions on `reservations`), as a set to count: each half of
 * the search (its trigram index) carries `where` itself, so counting reads the matches only. Counting
 * `id in (matches)` instead joined the matches against every reservation's id, which grows with every reservation.
 * Each row has the reservation's id, status and whether it was withdrawn (the tab counts group by those).
 */
export function searchMatches(
  db: DbOrTx,
  pattern: Text,
  where: SQL | undefined,
  workshopId: Text | undefined,
  indexed: boolean,
) {
  const columns = {
    id: reservations.id,
    status: reservations.status,
    withdrawn: sql<boolean>`(${reservations.withdrawnAt} is not null)`.as('withdrawn'),
  };
  const own = db
    .select(columns)
    .from(reservations)
    .where(and(where, ilike(reservationSearchText(reservations), pattern)));
  const byProduct = db
    .select(columns)
    .from(reservationProducts)
    .innerJoin(reservations, eq(reservations.id, reservationProducts.reservationId))
    .where(and(where, lineOfMatchingProduct(db, pattern, workshopId, indexed)));
  return own.union(byProduct);
}

/** The start of a Dutch day as a moment. */
const dayStart = (day: string) => sql`timezone(${TIME_ZONE}, ${day}::date::timestamp)`;
const nextDayStart = (day: string) => sql`timezone(${TIME_ZONE}, (${day}::date + 1)::timestamp)`;

/**
 * The narrowing's conditions. `tenantId` (the workshop's, none for the super admin) only helps the search's inner
 * queries use their indexes: the caller's WHERE carries the tenant condition itself.
 */
export function narrowingCondition(db: DbOrTx, narrowing: ListNarrowing, workshopId?: string): SQL | undefined {
  return and(
    narrowing.search
      ? inArray(
          reservations.id,
          searchIds(db, containsPattern(narrowing.search), workshopId, usesTrigrams(narrowing.search)),
        )
      : undefined,
    narrowing.from ? gte(reservations.createdAt, dayStart(narrowing.from)) : undefined,
    narrowing.to ? lt(reservations.createdAt, nextDayStart(narrowing.to)) : undefined,
    narrowing.todo ? todoCondition(db, narrowing.todo, narrowing.deadlines) : undefined,
  );
}
