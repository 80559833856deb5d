import {
  addTotals,
  type Dashboard,
  fromCents,
  type MonthFigures,
  moneyFiguresOf,
  NO_TOTALS,
  TIME_ZONE,
  TODO_KINDS,
  type TodoCounts,
  type WorkshopFigures,
} from '@ateliermarkt/contract';
import type { AppContext } from '../../context.ts';
import { rememberedPerWorkshop, type WorkshopVersions, workshopVersions } from '../../lib/workshop-memory.ts';
import type { Actor } from '../../plugins/auth.ts';
import { currentDeadlines } from '../reservations/index.ts';
import { rememberedMonthTotals } from '../statements/index.ts';
import * as repo from './dashboard.repository.ts';
import { payoutState } from './next-payout.ts';

const NO_WORKSHOP = '00000000-0000-0000-0000-000000000000';
const MONTHS = 12;
const WEEKS = 12;

const noTodo = (): TodoCounts => Object.fromEntries(TODO_KINDS.map((k) => [k, 0])) as TodoCounts;
const addTodo = (a: TodoCounts, b: TodoCounts): TodoCounts =>
  Object.fromEntries(TODO_KINDS.map((k) => [k, a[k] + b[k]])) as TodoCounts;

/** `YYYY-MM-DD` of `at` in the Netherlands. */
const localDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The keys of the last `count` months (`YYYY-MM`) and weeks (their Monday, `YYYY-MM-DD`), oldest first. */
export function periodKeys(now: Date, count: { months: number; weeks: number }) {
  const [y = 0, m = 1, d = 1] = localDay.format(now).split('-').map(Number);
  const months = Array.from({ length: count.months }, (_, i) => {
    const at = new Date(Date.UTC(y, m - 1 - (count.months - 1 - i), 1));
    return at.toISOString().slice(0, 7);
  });
  const today = new Date(Date.UTC(y, m - 1, d));
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * 86_400_000);
  const weeks = Array.from({ length: count.weeks }, (_, i) =>
    new Date(monday.getTime() - (count.weeks - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
  return { months, weeks };
}

/** How far ahead the time-dependent 'Te doen' counts are checked: remembered that long when they do not change. */
const TODO_STEADY_MS = 60_000;

/**
 * The 'Te doen' counts of the workshops in `versions` (one, or every workshop), remembered per workshop and data
 * version (docs/decisions/0077). The counts that change with the time alone are remembered only for the period in
 * which the database found them unchanged (they are counted now and TODO_STEADY_MS later; a reservation that counts
 * keeps counting as the time passes until a write changes it). A workshop with nothing open counts 0 until a write.
 */
async function todoPerWorkshop(
  ctx: AppContext,
  workshopVersions: Promise<WorkshopVersions>,
): Promise<Map<string, TodoCounts>> {
  const [deadlines, versions] = await Promise.all([currentDeadlines(ctx), workshopVersions]);
  return rememberedPerWorkshop<TodoCounts>(
    ctx.database,
    `todo|${JSON.stringify(deadlines)}`,
    versions,
    { value: noTodo() },
    async (ids) => {
      const rows = await repo.todoPerWorkshop(ctx.db, ids, deadlines, TODO_STEADY_MS);
      return {
        rows: new Map(
          rows.map(({ tenantId: workshopId, at, later, ...counts }) => {
            const steady = repo.TIMED_TODO_KINDS.every((kind) => counts[kind] === later[kind]);
            return [workshopId, { value: counts, from: at, until: steady ? at + TODO_STEADY_MS : at }];
          }),
        ),
      };
    },
  );
}

/**
 * GET dashboard: a workshop admin's figures of their workshop; the super admin's of the whole marketplace, with the
 * same figures per workshop. Money per workshop and month is that month's statement (docs/decisions/0057): one
 * 'netto' in the app. The 12-month chart is the products' paid revenue, a figure of its own.
 */
export async function getDashboard(ctx: AppContext, actor: Actor, now: Date = ctx.now()): Promise<Dashboard> {
  const superAdmin = actor.kind === 'superAdmin';
  const workshopId = actor.tenantId ?? NO_WORKSHOP;
  const scopeId = superAdmin ? null : workshopId;
  const db = ctx.db;
  const { months, weeks } = periodKeys(now, { months: MONTHS, weeks: WEEKS });
  const thisMonth = months[MONTHS - 1] ?? '';
  const lastMonth = months[MONTHS - 2] ?? '';
  // The workshops' own data versions, read once for every figure remembered per workshop (docs/decisions/0077).
  const versions = workshopVersions(ctx.database, scopeId);
  const statementsOf = async (month: string) => rememberedMonthTotals(ctx.database, month, await versions);
  // Independent reads, run at once on the pool.
  const [
    todoOf,
    placedRows,
    revenueRows,
    weekRows,
    mostViewed,
    mostReserved,
    workshops,
    thisMonthTotals,
    lastMonthTotals,
    payout,
  ] = await Promise.all([
    todoPerWorkshop(ctx, versions),
    repo.placedPerWorkshop(db, scopeId, now),
    repo.revenuePerWorkshopMonth(db, scopeId, now),
    repo.placedPerWeek(db, scopeId, now),
    repo.mostViewed(db, scopeId),
    repo.mostReserved(db, scopeId),
    superAdmin ? repo.allWorkshops(db) : Promise.resolve(null),
    statementsOf(thisMonth),
    statementsOf(lastMonth),
    superAdmin ? Promise.resolve(null) : payoutState(ctx, { thisMonth, lastMonth }),
  ]);
  const totalsOf = { thisMonth: thisMonthTotals, lastMonth: lastMonthTotals };

  const placedOf = new Map(placedRows.map((row) => [row.tenantId, row]));
  const centsOf = new Map<string, Map<string, number>>();
  for (const row of revenueRows) {
    const perMonth = centsOf.get(row.tenantId) ?? new Map<string, number>();
    perMonth.set(row.month, row.cents);
    centsOf.set(row.tenantId, perMonth);
  }
  const monthOf = (id: string, month: string, which: 'thisMonth' | 'lastMonth'): MonthFigures => ({
    month,
    reservations: placedOf.get(id)?.[which] ?? 0,
    ...moneyFiguresOf(totalsOf[which].get(id) ?? NO_TOTALS),
  });
  const figuresOf = (id: string) => ({
    todo: todoOf.get(id) ?? noTodo(),
    thisMonth: monthOf(id, thisMonth, 'thisMonth'),
    lastMonth: monthOf(id, lastMonth, 'lastMonth'),
  });
  // Every workshop with figures; for the super admin also those without any.
  const ids = superAdmin ? (workshops ?? []).map((w) => w.tenantId) : [workshopId];
  const perWorkshop = ids.map(figuresOf);
  const sumMonth = (which: 'thisMonth' | 'lastMonth', month: string): MonthFigures => {
    const totals = [...totalsOf[which].values()].reduce(addTotals, NO_TOTALS);
    const reservations = perWorkshop.reduce((n, f) => n + f[which].reservations, 0);
    return { month, reservations, ...moneyFiguresOf(totals) };
  };
  const revenuePerMonth = months.map((month) => ({
    month,
    revenue: fromCents(ids.reduce((sum, id) => sum + (centsOf.get(id)?.get(month) ?? 0), 0)),
  }));
  const weekCounts = new Map(weekRows.map((row) => [row.weekStart, row.reservations]));
  const netOf = (which: 'thisMonth' | 'lastMonth') => totalsOf[which].get(workshopId)?.netCents ?? 0;

  return {
    todo: perWorkshop.reduce((sum, f) => addTodo(sum, f.todo), noTodo()),
    thisMonth: sumMonth('thisMonth', thisMonth),
    lastMonth: sumMonth('lastMonth', lastMonth),
    reservationsPerWeek: weeks.map((weekStart) => ({ weekStart, reservations: weekCounts.get(weekStart) ?? 0 })),
    revenuePerMonth,
    mostViewed,
    mostReserved,
    workshops:
      workshops?.map(
        (w, i): WorkshopFigures => ({
          tenantId: w.tenantId,
          workspaceId: w.workspaceId,
          name: w.name,
          ...(perWorkshop[i] ?? figuresOf(w.tenantId)),
        }),
      ) ?? null,
    nextPayout: payout ? payout({ thisMonth: netOf('thisMonth'), lastMonth: netOf('lastMonth') }) : null,
  };
}
