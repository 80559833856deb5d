/**
 * GET dashboard: each 'Te doen' count equals the total of the list its card links to
 * (GET reservations/all?todo=…), for a workshop admin and for the super admin; another workshop's reservations are
 * never counted; the month figures are the month's statement (docs/decisions/0057: one 'netto').
 */
import {
  type Dashboard,
  type MonthStatements,
  moneyFiguresOf,
  type Reservation,
  type ReservationPage,
  TODO_KINDS,
  type TodoCounts,
  type TodoKind,
} from '@ateliermarkt/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reservations } from '../../db/schema/index.ts';
import { reservationIn } from '../../security/security-fixtures.ts';
import { inOneMonth } from '../../test/one-month.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { periodKeys } from './dashboard.service.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let superAdmin: string;
let workshop: string;
let otherWorkshop: string;

const WORKSHOP = 'De Draaischijf';
const OTHER = 'Glasatelier Helder';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', WORKSHOP);
  otherAdmin = await t.tokenFor('beheer@glasatelierhelder.nl', OTHER);
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
  workshop = await t.tenantId(WORKSHOP);
  otherWorkshop = await t.tenantId(OTHER);
  // One reservation of each workshop approved four days ago: 'langer dan 3 dagen onbetaald'.
  for (const id of [workshop, otherWorkshop]) {
    const [r] = await t.ctx.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.tenantId, id), eq(reservations.status, 2)))
      .limit(1);
    if (!r) throw new Error('no demo reservation awaiting payment');
    await t.ctx.db
      .update(reservations)
      .set({ confirmedAt: new Date(Date.now() - 4 * DAY) })
      .where(eq(reservations.id, r.id));
    // And its newest new one placed 60 hours ago: rejected by the 72-hour deadline within a day, 'verloopt binnen 24 uur'.
    const [placed] = await t.ctx.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.tenantId, id), eq(reservations.status, 0)))
      .orderBy(desc(reservations.createdAt))
      .limit(1);
    if (!placed) throw new Error('no new demo reservation');
    await t.ctx.db
      .update(reservations)
      .set({ createdAt: new Date(Date.now() - 60 * 3_600_000) })
      .where(eq(reservations.id, placed.id));
    // And its return on the way announced by the customer's withdrawal: 'Herroepingen'.
    const [returning] = await t.ctx.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.tenantId, id), eq(reservations.status, 6)))
      .limit(1);
    if (!returning) throw new Error('no demo reservation on its way back');
    await t.ctx.db.update(reservations).set({ withdrawnAt: new Date() }).where(eq(reservations.id, returning.id));
  }
});
afterAll(async () => {
  await t?.close();
});

async function dashboard(token: string): Promise<Dashboard> {
  const res = await t.call<Dashboard>('GET', '/api/dashboard', { token });
  expect(res.status).toBe(200);
  return res.body;
}

/** The linked list: its page total, and the unpaged list (the original call) with the same filter. */
async function listed(token: string, kind: TodoKind) {
  const page = await t.call<ReservationPage>(
    'GET',
    `/api/reservations/all?todo=${kind}&skipCount=0&maxResultCount=100`,
    {
      token,
    },
  );
  expect(page.status).toBe(200);
  const all = await t.call<Reservation[]>('GET', `/api/reservations/all?todo=${kind}`, { token });
  expect(all.status).toBe(200);
  expect(all.body.length).toBe(page.body.totalCount);
  return { total: page.body.totalCount, rows: all.body };
}

async function expectCountsMatchLists(token: string, todo: TodoCounts) {
  for (const kind of TODO_KINDS) {
    const { total } = await listed(token, kind);
    expect({ kind, count: todo[kind] }).toEqual({ kind, count: total });
  }
}

describe('GET dashboard: who may ask', () => {
  it('answers 401 without a token and 403 to a plain user', async () => {
    expect((await t.call('GET', '/api/dashboard')).status).toBe(401);
    const user = await t.tokenFor('medewerker@dedraaischijf.nl', WORKSHOP);
    expect((await t.call('GET', '/api/dashboard', { token: user })).status).toBe(403);
  });
});

describe("'Te doen': each count is the total of the list its card opens", () => {
  it('for a workshop admin, with a reservation of every kind in the demo data', async () => {
    const d = await dashboard(admin);
    for (const kind of TODO_KINDS) expect({ kind, positive: d.todo[kind] > 0 }).toEqual({ kind, positive: true });
    await expectCountsMatchLists(admin, d.todo);
    expect(d.workshops).toBeNull();
  });

  it('for the super admin, over every workshop, and per workshop as each workshop admin sees it', async () => {
    const d = await dashboard(superAdmin);
    await expectCountsMatchLists(superAdmin, d.todo);
    const own = await dashboard(admin);
    const other = await dashboard(otherAdmin);
    expect(d.workshops?.find((w) => w.tenantId === workshop)?.todo).toEqual(own.todo);
    expect(d.workshops?.find((w) => w.tenantId === otherWorkshop)?.todo).toEqual(other.todo);
    for (const kind of TODO_KINDS) expect(d.todo[kind]).toBe(own.todo[kind] + other.todo[kind]);
    expect(d.workshops?.map((w) => w.name)).toContain('Wolwerk Textielstudio');
  });

  it('lists exactly the rows of its kind', async () => {
    const kindOf = {
      toApprove: (r: Reservation) => r.status.code === 0 && !r.isPaused,
      paused: (r: Reservation) => r.status.code === 0 && r.isPaused,
      expiresSoon: (r: Reservation) => (r.status.code === 0 && !r.isPaused) || r.status.code === 2,
      awaitingPaymentLong: (r: Reservation) => r.status.code === 2,
      toShip: (r: Reservation) => r.status.code === 3 && r.willShip,
      toHandOver: (r: Reservation) => r.status.code === 3 && r.willBeFetched,
      returning: (r: Reservation) => r.status.code === 6,
      // Withdrawn: a return on its way, or cancelled after payment (shown as rejected) with the refund to do.
      withdrawals: (r: Reservation) => r.status.code === 6 || r.status.code === 1,
    } satisfies Record<TodoKind, (r: Reservation) => boolean>;
    for (const kind of TODO_KINDS) {
      const { rows } = await listed(admin, kind);
      expect(rows.every(kindOf[kind])).toBe(true);
      expect(rows.every((r) => r.workspaceName === WORKSHOP)).toBe(true);
    }
  });

  it('counts a reservation approved just now as awaiting payment, not yet as long', async () => {
    const before = await dashboard(admin);
    const fresh = await reservationIn(t, admin, 'awaitingPayment', { workshop: WORKSHOP });
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, fresh.id));
    expect(Math.abs((row?.confirmedAt?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    const after = await dashboard(admin);
    expect(after.todo.awaitingPaymentLong).toBe(before.todo.awaitingPaymentLong);
    await t.ctx.db
      .update(reservations)
      .set({ confirmedAt: new Date(Date.now() - 3 * DAY - 60_000) })
      .where(eq(reservations.id, fresh.id));
    // A later change (track & trace, packages) does not restart the clock: it runs from the approval.
    await t.ctx.db.update(reservations).set({ updatedAt: new Date() }).where(eq(reservations.id, fresh.id));
    const later = await dashboard(admin);
    expect(later.todo.awaitingPaymentLong).toBe(before.todo.awaitingPaymentLong + 1);
    const { rows } = await listed(admin, 'awaitingPaymentLong');
    expect(rows.map((r) => r.id)).toContain(fresh.id);
  });

  it("never counts another workshop's reservations", () =>
    inOneMonth(async () => {
      const before = await dashboard(admin);
      const otherBefore = await dashboard(otherAdmin);
      await reservationIn(t, otherAdmin, 'new', { workshop: OTHER });
      await reservationIn(t, otherAdmin, 'paid', { workshop: OTHER });
      await reservationIn(t, otherAdmin, 'paid', { workshop: OTHER, pickup: true });
      await reservationIn(t, otherAdmin, 'returning', { workshop: OTHER });
      const after = await dashboard(admin);
      expect(after.todo).toEqual(before.todo);
      expect(after.thisMonth).toEqual(before.thisMonth);
      expect(after.mostReserved).toEqual(before.mostReserved);
      const otherAfter = await dashboard(otherAdmin);
      expect(otherAfter.todo.toApprove).toBe(otherBefore.todo.toApprove + 1);
      expect(otherAfter.todo.toShip).toBe(otherBefore.todo.toShip + 1);
      expect(otherAfter.todo.toHandOver).toBe(otherBefore.todo.toHandOver + 1);
      expect(otherAfter.todo.returning).toBe(otherBefore.todo.returning + 1);
      await expectCountsMatchLists(admin, after.todo);
      await expectCountsMatchLists(otherAdmin, otherAfter.todo);
    }));

  it('refuses an unknown kind with 400', async () => {
    const res = await t.call('GET', '/api/reservations/all?todo=everything', { token: admin });
    expect(res.status).toBe(400);
  });
});

/** The paid revenue in cents of a workshop's reservations paid between two instants (not rejected, not returned). */
/** A month's statement of one workshop, as its admin downloads it (GET statements). */
async function statementTotals(token: string, month: string) {
  const res = await t.call<MonthStatements>('GET', `/api/statements?month=${month}&lines=none`, { token });
  expect(res.status).toBe(200);
  return res.body.totals;
}

/** Midnight at the start of a `YYYY-MM-DD` day in the Netherlands, as an instant. */
async function midnightOf(day: string): Promise<Date> {
  const result = await t.ctx.db.execute<{ at: Date | string }>(
    sql`select (${`${day} 00:00`}::timestamp at time zone 'Europe/Amsterdam') as at`,
  );
  const rows = (result as unknown as { rows: { at: Date | string }[] }).rows;
  return new Date(rows[0]?.at ?? '');
}

/** The first instant of a `YYYY-MM` month in the Netherlands. */
const monthStartOf = (month: string) => midnightOf(`${month}-01`);

/** How many reservations the workshop has placed from `from` on, before `to` when given. */
async function placed(from: Date, to?: Date): Promise<number> {
  const [{ n } = { n: -1 }] = await t.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reservations)
    .where(
      and(
        eq(reservations.tenantId, workshop),
        sql`${reservations.createdAt} >= ${from.toISOString()}::timestamptz`,
        to ? sql`${reservations.createdAt} < ${to.toISOString()}::timestamptz` : undefined,
      ),
    );
  return n;
}

describe('key figures', () => {
  // Reads the month thrice (d0, d, the super admin's), so it runs in one month: inOneMonth.
  it("this and last month: reservations placed, and the statement's money: the same 'netto'", () =>
    inOneMonth(async () => {
      const d0 = await dashboard(admin);
      const thisStart = await monthStartOf(d0.thisMonth.month);
      const lastStart = await monthStartOf(d0.lastMonth.month);
      // Move two paid reservations (with their delivery costs) into last month, and mark one returned this month.
      const paid = await t.ctx.db
        .select({ id: reservations.id, delivery: reservations.deliveryPriceCents })
        .from(reservations)
        .where(and(eq(reservations.tenantId, workshop), inArray(reservations.status, [3, 4, 5])));
      expect(paid.length).toBeGreaterThanOrEqual(3);
      const [a, b, c] = paid;
      const midLast = new Date(lastStart.getTime() + 10 * DAY);
      for (const r of [a, b])
        await t.ctx.db
          .update(reservations)
          .set({ paidAt: midLast, createdAt: midLast })
          .where(eq(reservations.id, r?.id ?? ''));
      await t.ctx.db
        .update(reservations)
        .set({ status: 7, paidAt: midLast, returnReceivedAt: new Date() })
        .where(eq(reservations.id, c?.id ?? ''));

      const d = await dashboard(admin);
      const now = new Date(Date.now() + 1000);
      // The same month and workshop: the dashboard's figures are the statement's totals, delivery income included
      // (before, the dashboard computed the money over the products only and showed less 'netto' than the statement).
      const thisTotals = await statementTotals(admin, d.thisMonth.month);
      const lastTotals = await statementTotals(admin, d.lastMonth.month);
      expect(lastTotals.netCents).toBeGreaterThan(0);
      expect([a, b].some((r) => (r?.delivery ?? 0) > 0)).toBe(true);
      expect(d.thisMonth).toMatchObject(moneyFiguresOf(thisTotals));
      expect(d.lastMonth).toMatchObject(moneyFiguresOf(lastTotals));
      expect(Math.round(d.lastMonth.net * 100)).toBe(lastTotals.netCents);
      expect(Math.round(d.thisMonth.net * 100)).toBe(thisTotals.netCents);
      // The money parts add up to the bruto, in whole cents.
      const cents = (x: number) => Math.round(x * 100);
      for (const m of [d.thisMonth, d.lastMonth])
        expect(cents(m.vat) + cents(m.platformFee) + cents(m.net)).toBe(cents(m.revenue));
      expect(d.thisMonth.reservations).toBe(await placed(thisStart, now));
      expect(d.lastMonth.reservations).toBe(await placed(lastStart, thisStart));
      expect(d.lastMonth.reservations).toBeGreaterThanOrEqual(2);

      expect(d.revenuePerMonth).toHaveLength(12);
      expect(d.revenuePerMonth.at(-1)?.month).toBe(d.thisMonth.month);
      expect(d.revenuePerMonth.at(-2)?.month).toBe(d.lastMonth.month);

      // The super admin's month is the statements' of every workshop, and each workshop's line is its own.
      const sup = await dashboard(superAdmin);
      expect(Math.round(sup.lastMonth.net * 100)).toBe((await statementTotals(superAdmin, d.lastMonth.month)).netCents);

      const mine = sup.workshops?.find((w) => w.tenantId === workshop);
      expect(mine?.thisMonth).toEqual(d.thisMonth);
      expect(mine?.lastMonth).toEqual(d.lastMonth);
      const sum = (pick: (w: NonNullable<Dashboard['workshops']>[number]) => number) =>
        (sup.workshops ?? []).reduce((n, w) => n + Math.round(pick(w) * 100), 0);
      expect(Math.round(sup.thisMonth.revenue * 100)).toBe(sum((w) => w.thisMonth.revenue));
      expect(Math.round(sup.thisMonth.platformFee * 100)).toBe(sum((w) => w.thisMonth.platformFee));
      expect(sup.thisMonth.reservations).toBe(sum((w) => w.thisMonth.reservations) / 100);
    }));

  it('reservations per week: the last 12 weeks, Mondays, oldest first', async () => {
    const d = await dashboard(admin);
    const { weeks } = periodKeys(new Date(), { months: 12, weeks: 12 });
    expect(d.reservationsPerWeek.map((w) => w.weekStart)).toEqual(weeks);
    for (const w of d.reservationsPerWeek) expect(new Date(`${w.weekStart}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(d.reservationsPerWeek.reduce((s, w) => s + w.reservations, 0)).toBe(
      await placed(await midnightOf(weeks[0] ?? '')),
    );
  });

  it('the five most viewed and most reserved products, of the own workshop only', async () => {
    const own = await t.ctx.db.select().from(products).where(eq(products.tenantId, workshop)).limit(6);
    const [otherProduct] = await t.ctx.db.select().from(products).where(eq(products.tenantId, otherWorkshop)).limit(1);
    for (const [i, p] of own.entries())
      await t.ctx.db
        .update(products)
        .set({ viewCount: 1_000_000 - i })
        .where(eq(products.id, p.id));
    await t.ctx.db
      .update(products)
      .set({ viewCount: 5_000_000 })
      .where(eq(products.id, otherProduct?.id ?? ''));
    const d = await dashboard(admin);
    expect(d.mostViewed.map((p) => p.id)).toEqual(own.slice(0, 5).map((p) => p.id));
    expect(d.mostViewed.map((p) => p.count)).toEqual([1_000_000, 999_999, 999_998, 999_997, 999_996]);
    expect(d.mostReserved.length).toBeGreaterThan(0);
    expect(d.mostReserved.length).toBeLessThanOrEqual(5);
    expect(d.mostReserved.every((p) => p.workspaceName === WORKSHOP)).toBe(true);
    const sup = await dashboard(superAdmin);
    expect(sup.mostViewed[0]?.id).toBe(otherProduct?.id);
  });
});
