/**
 * The dashboard's 'Te doen' statement at a marketplace's size: its plan runs no sub-plan per row (the
 * paused set and the holiday are joined once), for the super admin and for a workshop admin. The counts themselves
 * are checked against the lists in dashboard.routes.test.ts; the time-dependent ones are also counted at a later
 * moment (docs/decisions/0077).
 */
import { AWAITING_PAYMENT_LONG_DAYS, OPEN_STATUSES, STATUS, TODO_KINDS } from '@ateliermarkt/contract';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { currentDeadlines, todoCondition } from '../reservations/index.ts';
import { todoPerWorkshop, todoQuery } from './dashboard.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function plan(workshopIds: string[] | null): Promise<string> {
  const query = todoQuery(t.ctx.db, workshopIds, await currentDeadlines(t.ctx), 60_000).toSQL();
  const rows = await t.ctx.database.arrays(`explain ${query.sql}`, query.params);
  return rows.map((r) => String(r[0])).join('\n');
}

describe("the dashboard's 'Te doen' counts", () => {
  it('run without a sub-plan per row, for every workshop and for one', async () => {
    const all = await plan(null);
    expect(all).toMatch(/Aggregate/);
    expect(all).not.toMatch(/SubPlan/);
    const one = await plan([await t.tenantId('De Draaischijf')]);
    expect(one).not.toMatch(/SubPlan/);
  });

  it("count the same as the per-row conditions (the lists' filters) do", async () => {
    const deadlines = await currentDeadlines(t.ctx);
    const db = t.ctx.db;
    const perRow = Object.fromEntries(
      TODO_KINDS.map((kind) => [kind, sql<number>`count(*) filter (where ${todoCondition(db, kind, deadlines)})::int`]),
    );
    const expected = await db
      .select({ tenantId: reservations.tenantId, ...perRow })
      .from(reservations)
      .where(or(inArray(reservations.status, [...OPEN_STATUSES]), eq(reservations.refundStatus, 'pending')))
      .groupBy(reservations.tenantId);
    const joined = (await todoPerWorkshop(db, null, deadlines, 0)).map(({ at, later, ...counts }) => {
      // Counted again 0 ms later: the same moment.
      expect(later).toEqual({ expiresSoon: counts.expiresSoon, awaitingPaymentLong: counts.awaitingPaymentLong });
      expect(at).toBeGreaterThan(0);
      return counts;
    });
    const byWorkshop = (rows: { tenantId: string }[]) => [...rows].sort((a, b) => a.tenantId.localeCompare(b.tenantId));
    expect(byWorkshop(joined)).toEqual(byWorkshop(expected));
    expect(joined.some((r) => TODO_KINDS.some((k) => r[k] > 0))).toBe(true);
  });

  it('count the time-dependent kinds also at a later moment: a payment waiting long enters when its time comes', async () => {
    const db = t.ctx.db;
    const deadlines = await currentDeadlines(t.ctx);
    const workshopId = await t.tenantId('De Draaischijf');
    const [row] = await db
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.tenantId, workshopId), inArray(reservations.status, [...OPEN_STATUSES])))
      .limit(1);
    if (!row) throw new Error('De Draaischijf has no open reservation');
    // Approved 3 days less 30 minutes ago by the database's clock: long in 30 minutes, not in one.
    await db
      .update(reservations)
      .set({
        status: STATUS.awaitingPayment,
        confirmedAt: sql`now() - make_interval(days => ${AWAITING_PAYMENT_LONG_DAYS}) + interval '30 minutes'`,
      })
      .where(eq(reservations.id, row.id));
    const [soon] = await todoPerWorkshop(db, [workshopId], deadlines, 60_000);
    const [hourLater] = await todoPerWorkshop(db, [workshopId], deadlines, 3_600_000);
    if (!soon || !hourLater) throw new Error('no counts');
    expect(soon.later.awaitingPaymentLong).toBe(soon.awaitingPaymentLong);
    expect(hourLater.later.awaitingPaymentLong).toBe(hourLater.awaitingPaymentLong + 1);
  });
});
