import {
  OPEN_STATUSES,
  RESERVATION_LIST_FILTERS,
  type ReservationCounts,
  type ReservationListFilter,
  type ReservationPage,
  type ReservationSorting,
  type ReservationStatus,
  statusOfFilter,
} from '@ateliermarkt/contract';
import { and, eq, inArray, notInArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { reservationStatusCounts, reservations } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { RELATIVE_TO_APP } from '../images/index.ts';
import { currentDeadlines } from './deadlines/reservation-deadlines.service.ts';
import {
  containsPattern,
  type ListNarrowing,
  narrowingCondition,
  searchIds,
  searchMatches,
  tabCondition,
  usesTrigrams,
} from './list/reservation-list-filters.ts';
import { loadOne, scope, scopeWorkshopId } from './reservation-access.ts';
import { countReservations, findReservations, findSearchedPage, type SearchedList } from './reservations.repository.ts';

// The reservations module's service: the reads here; the edits of products and delivery (reservation-edits.service.ts) and the
// transitions (reservation-transitions.service.ts) are re-exported, so callers import from this one file.

export { changePackages, removeProduct, setTrackAndTrace } from './transitions/reservation-edits.service.ts';
export { applyTransition, sendPaymentReminder } from './transitions/reservation-transitions.service.ts';

export type ReservationFilter = ReservationListFilter;

/** The workshop whose reservations the actor sees; none for the super admin (see scope). */
const workshopOf = (actor: Actor) => (actor.kind === 'superAdmin' ? undefined : (actor.tenantId ?? undefined));

export type { ListNarrowing };

/** The narrowing with the deadlines of now when its card needs them ('Verloopt binnen 24 uur'). */
async function withDeadlines(ctx: AppContext, narrowing: ListNarrowing): Promise<ListNarrowing> {
  return narrowing.todo === 'expiresSoon' ? { ...narrowing, deadlines: await currentDeadlines(ctx) } : narrowing;
}

/** The overview's list; the tab and the narrowing are chosen in SQL, so only the rows shown are loaded. */
export async function listReservations(
  ctx: AppContext,
  actor: Actor,
  filter: ReservationFilter = 'all',
  sorting?: ReservationSorting,
  narrowing: ListNarrowing = {},
) {
  return findReservations(
    ctx.database,
    listCondition(ctx, actor, filter, await withDeadlines(ctx, narrowing)),
    RELATIVE_TO_APP,
    sorting ? { sorting } : {},
  );
}

function listCondition(ctx: AppContext, actor: Actor, filter: ReservationFilter, narrowing: ListNarrowing) {
  return and(scope(actor), tabCondition(filter), narrowingCondition(ctx.db, narrowing, workshopOf(actor)));
}

export type PageRequest = {
  skipCount: number;
  maxResultCount: number;
  sorting?: ReservationSorting | undefined;
};

/**
 * How many reservations a searched page may read in the list's own order per row it finds before the search's
 * matches are better fetched by id and sorted (findSearchedPage): about what fetching and sorting the matches costs at
 * the large size.
 */
const IN_ORDER_READ_LIMIT = 2_000;

/** One page of the overview's list and how many there are in all (50,000 reservations). */
export async function pageReservations(
  ctx: AppContext,
  actor: Actor,
  filter: ReservationFilter,
  page: PageRequest,
  narrowing: ListNarrowing = {},
): Promise<ReservationPage> {
  const narrowed = await withDeadlines(ctx, narrowing);
  const search = narrowed.search;
  if (search && !isNarrowed({ ...narrowed, search: undefined }) && isDateOrder(page.sorting)) {
    // A search in date order: its count and its page in one statement over one set of matches.
    const found = await findSearchedPage(ctx.database, searchedList(ctx, actor, filter, search), RELATIVE_TO_APP, {
      direction: page.sorting?.direction ?? 'desc',
      limit: page.maxResultCount,
      offset: page.skipCount,
    });
    if (found.totalCount !== undefined) return { items: found.items, totalCount: found.totalCount };
    // An empty page: no match at all, or a page past the last one (then the count is asked on its own).
    return {
      items: [],
      totalCount: page.skipCount === 0 ? 0 : await countMatches(ctx, actor, filter, narrowed, search),
    };
  }
  const options = {
    ...(page.sorting ? { sorting: page.sorting } : {}),
    limit: page.maxResultCount,
    offset: page.skipCount,
  };
  const where = listCondition(ctx, actor, filter, narrowed);
  const [items, totalCount] = await Promise.all([
    findReservations(ctx.database, where, RELATIVE_TO_APP, options),
    search
      ? countMatches(ctx, actor, filter, narrowed, search)
      : isNarrowed(narrowed)
        ? countReservations(ctx.db, where)
        : keptCounts(ctx, actor).then((rows) => countsOf(rows)[filter]),
  ]);
  return { items, totalCount };
}

/** Newest or oldest first: the order of the date indexes (reservations_newest_idx and per workshop). */
const isDateOrder = (sorting: ReservationSorting | undefined) => !sorting || sorting.field === 'reservationDate';

/** Whether anything but the tab narrows the list (a search, a date range or a dashboard card). */
const isNarrowed = (narrowing: ListNarrowing) =>
  Boolean(narrowing.search || narrowing.from || narrowing.to || narrowing.todo);

/** Per status, how many reservations and how many of them withdrawn. */
type StatusCountRow = { status: number; n: number; withdrawn: number };

/**
 * The actor's reservations per status as the database keeps them (reservation_status_counts, kept by triggers in
 * every writing transaction): at most eight rows per workshop instead of counting every reservation.
 */
function keptCounts(ctx: AppContext, actor: Actor): Promise<StatusCountRow[]> {
  const workshopId = workshopOf(actor);
  return ctx.db
    .select({
      status: reservationStatusCounts.status,
      n: sql<number>`sum(${reservationStatusCounts.reservations})::int`,
      withdrawn: sql<number>`sum(${reservationStatusCounts.withdrawn})::int`,
    })
    .from(reservationStatusCounts)
    .where(
      actor.kind === 'superAdmin'
        ? undefined
        : workshopId
          ? eq(reservationStatusCounts.tenantId, workshopId)
          : sql`false`,
    )
    .groupBy(reservationStatusCounts.status);
}

/** Each tab's number from the counts per status: the status tabs, then open, closed and all added up from those. */
function countsOf(rows: StatusCountRow[]): ReservationCounts['counts'] {
  const byStatus = new Map(rows.map((row) => [row.status, row.n]));
  const counts = Object.fromEntries(RESERVATION_LIST_FILTERS.map((f) => [f, 0])) as ReservationCounts['counts'];
  for (const filter of RESERVATION_LIST_FILTERS) {
    const status = statusOfFilter(filter);
    if (status !== undefined) counts[filter] = byStatus.get(status) ?? 0;
  }
  // The 'Herroepen' tab cuts across the statuses: cancelled ones and returns.
  counts.withdrawn = rows.reduce((sum, row) => sum + row.withdrawn, 0);
  for (const [status, n] of byStatus) {
    counts.all += n;
    if (OPEN_STATUSES.includes(status as ReservationStatus)) counts.open += n;
    else counts.closed += n;
  }
  return counts;
}

/**
 * The reservations of the actor's list (tab and narrowing) that match the search, each once: with nothing else
 * narrowing the super admin's list the matching ids are the answer, without reading their rows (searchIds); otherwise
 * each half of the search carries the list's conditions (searchMatches).
 */
function matchesOf(ctx: AppContext, actor: Actor, filter: ReservationFilter, narrowing: ListNarrowing, search: string) {
  const rest = listCondition(ctx, actor, filter, { ...narrowing, search: undefined });
  const pattern = containsPattern(search);
  const indexed = usesTrigrams(search);
  return rest
    ? searchMatches(ctx.db, pattern, rest, workshopOf(actor), indexed)
    : searchIds(ctx.db, pattern, undefined, indexed);
}

/**
 * The searched list of a tab for findSearchedPage, as matchesOf and listCondition write it, with placeholders for the
 * search pattern and the workshop: one SQL per role and tab.
 */
function searchedList(ctx: AppContext, actor: Actor, filter: ReservationFilter, search: string): SearchedList {
  const everyWorkshop = actor.kind === 'superAdmin';
  const ownWorkshop = everyWorkshop ? undefined : workshopOf(actor);
  const indexed = usesTrigrams(search);
  return {
    key: `${everyWorkshop ? 'all' : ownWorkshop ? 'workshop' : 'none'}|${filter}|${indexed}`,
    build: () => {
      const pattern = sql.placeholder('pattern');
      const workshop = sql.placeholder('workshopId');
      // scope(actor), with the workshop as a placeholder.
      const where = and(everyWorkshop ? undefined : eq(reservations.tenantId, workshop), tabCondition(filter));
      return {
        matches: where
          ? searchMatches(ctx.db, pattern, where, ownWorkshop ? workshop : undefined, indexed)
          : searchIds(ctx.db, pattern, undefined, indexed),
        where,
        tabSize: keptTabSize(filter, everyWorkshop ? undefined : ownWorkshop ? workshop : null),
      };
    },
    values: { pattern: containsPattern(search), workshopId: scopeWorkshopId(actor) },
    genericPlan: indexed,
    inOrderReadLimit: IN_ORDER_READ_LIMIT,
  };
}

/** How many reservations a searched list has: counted over the search's matches. */
async function countMatches(
  ctx: AppContext,
  actor: Actor,
  filter: ReservationFilter,
  narrowing: ListNarrowing,
  search: string,
): Promise<number> {
  const matches = matchesOf(ctx, actor, filter, narrowing, search).as('matches');
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}

/**
 * How many reservations a tab holds, from the kept counts (as countsOf adds them up), as a scalar subquery for a
 * statement that needs it inside: of every workshop (`undefined`), of one, or of none (`null`).
 */
function keptTabSize(filter: ReservationFilter, workshop: string | Placeholder | null | undefined): SQL {
  const counts = reservationStatusCounts;
  const status = statusOfFilter(filter);
  const where = and(
    workshop === undefined ? undefined : workshop === null ? sql`false` : eq(counts.tenantId, workshop),
    filter === 'open'
      ? inArray(counts.status, [...OPEN_STATUSES])
      : filter === 'closed'
        ? notInArray(counts.status, [...OPEN_STATUSES])
        : status !== undefined
          ? eq(counts.status, status)
          : undefined,
  );
  const column = filter === 'withdrawn' ? counts.withdrawn : counts.reservations;
  return sql`(select coalesce(sum(${column}), 0) from ${counts} where ${where ?? sql`true`})`;
}

/**
 * The number of each tab with the narrowing, from one grouped count: per status, then open, closed and
 * all added up from those.
 */
export async function tabCounts(ctx: AppContext, actor: Actor, asked: ListNarrowing): Promise<ReservationCounts> {
  const narrowing = await withDeadlines(ctx, asked);
  const rows: StatusCountRow[] = narrowing.search
    ? await (() => {
        const matches = searchMatches(
          ctx.db,
          containsPattern(narrowing.search),
          and(scope(actor), narrowingCondition(ctx.db, { ...narrowing, search: undefined }, workshopOf(actor))),
          workshopOf(actor),
          usesTrigrams(narrowing.search),
        ).as('matches');
        return ctx.db
          .select({
            status: matches.status,
            n: sql<number>`count(*)::int`,
            withdrawn: sql<number>`(count(*) filter (where ${matches.withdrawn}))::int`,
          })
          .from(matches)
          .groupBy(matches.status);
      })()
    : !isNarrowed(narrowing)
      ? await keptCounts(ctx, actor)
      : await ctx.db
          .select({
            status: reservations.status,
            n: sql<number>`count(*)::int`,
            withdrawn: sql<number>`(count(*) filter (where ${reservations.withdrawnAt} is not null))::int`,
          })
          .from(reservations)
          .where(and(scope(actor), narrowingCondition(ctx.db, narrowing, workshopOf(actor))))
          .groupBy(reservations.status);
  return { counts: countsOf(rows) };
}

export async function openCount(ctx: AppContext, actor: Actor): Promise<number> {
  return countsOf(await keptCounts(ctx, actor)).open;
}

export function getReservation(ctx: AppContext, actor: Actor, id: string) {
  return loadOne(ctx.database, actor, id);
}
