import {
  OPEN_STATUSES,
  type ReservationListFilter,
  type ReservationPage,
  type ReservationSorting,
  type TodoKind,
} from '@ateliermarkt/contract';
import { and, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { reservations } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { RELATIVE_TO_APP } from '../images/index.ts';
import { loadOne, scope } from './reservation-access.ts';
import { todoCondition } from './reservation-todo.ts';
import { countReservations, findReservations } from './reservations.repository.ts';

// The reservations module's service: the reads here; the edits of spec 4.2 (reservation-edits.service.ts) and the
// transitions (reservation-transitions.service.ts) are re-exported, so callers import from this one file.

export { changePackages, removeProduct, setTrackAndTrace } from './reservation-edits.service.ts';
export { applyTransition, sendPaymentReminder } from './reservation-transitions.service.ts';

export type ReservationFilter = ReservationListFilter;

const isOpen = inArray(reservations.status, [...OPEN_STATUSES]);

/** The overview's list; open or closed is chosen in SQL, so only the rows shown are loaded. */
export async function listReservations(
  ctx: AppContext,
  actor: Actor,
  filter: ReservationFilter = 'all',
  sorting?: ReservationSorting,
  todo?: TodoKind,
) {
  return findReservations(
    ctx.database,
    listCondition(ctx, actor, filter, todo),
    RELATIVE_TO_APP,
    sorting ? { sorting } : {},
  );
}

function listCondition(ctx: AppContext, actor: Actor, filter: ReservationFilter, todo?: TodoKind): SQL | undefined {
  const byStatus = filter === 'open' ? isOpen : filter === 'closed' ? not(isOpen) : undefined;
  return and(scope(actor), byStatus, todo ? todoCondition(ctx.db, todo) : undefined);
}

export type PageRequest = {
  skipCount: number;
  maxResultCount: number;
  sorting?: ReservationSorting | undefined;
  todo?: TodoKind | undefined;
};

/** One page of the overview's list and how many there are in all (issue 8: 50,000 reservations). */
export async function pageReservations(
  ctx: AppContext,
  actor: Actor,
  filter: ReservationFilter,
  page: PageRequest,
): Promise<ReservationPage> {
  const where = listCondition(ctx, actor, filter, page.todo);
  const [items, totalCount] = await Promise.all([
    findReservations(ctx.database, where, RELATIVE_TO_APP, {
      ...(page.sorting ? { sorting: page.sorting } : {}),
      limit: page.maxResultCount,
      offset: page.skipCount,
    }),
    countReservations(ctx.db, where),
  ]);
  return { items, totalCount };
}

export async function openCount(ctx: AppContext, actor: Actor): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(and(scope(actor), isOpen));
  return row?.n ?? 0;
}

export function getReservation(ctx: AppContext, actor: Actor, id: string) {
  return loadOne(ctx.database, actor, id);
}
