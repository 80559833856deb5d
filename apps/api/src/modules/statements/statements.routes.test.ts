/**
 * GET statements: the lines and totals of a month per workshop, with the rates fixed when each
 * reservation was placed; who may see which workshop; month boundaries in Amsterdam time; a return credited in the
 * month it was received.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { calculateCents, type MonthStatements, STATUS } from '@ateliermarkt/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, reservationProducts, reservations } from '../../db/schema/index.ts';
import { expectOk, reservationIn, WORKSHOP_A, WORKSHOP_B } from '../../security/security-fixtures.ts';
import { createTestApp, demoTokens, type TestApp } from '../../test/test-app.ts';
import { resetSettings, writeSettings } from '../settings/index.ts';
import { monthStatements } from './index.ts';

let t: TestApp;
let adminA: string;
let adminB: string;
let userA: string;
let superAdmin: string;
let workshopA: string;
let workshopB: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin: adminA, user: userA, otherAdmin: adminB, superAdmin } = await demoTokens(t));
  workshopA = await t.tenantId(WORKSHOP_A);
  workshopB = await t.tenantId(WORKSHOP_B);
});
afterAll(async () => {
  await t?.close();
});

async function statements(token: string, query: string) {
  const res = await t.call<MonthStatements>('GET', `/api/statements?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A paid reservation of `workshop` (real order, approval and payment), then paid at `paidAt`. */
async function paidAt(workshop: string, token: string, at: string) {
  const r = await reservationIn(t, token, 'shipped', { workshop });
  await t.ctx.db
    .update(reservations)
    .set({ paidAt: new Date(at) })
    .where(eq(reservations.id, r.id));
  return r;
}

const orderNumbersOf = (m: MonthStatements, workshopId: string) =>
  m.statements.find((s) => s.tenantId === workshopId)?.lines.map((l) => `${l.orderNumber}:${l.kind}`) ?? [];

describe('GET statements: who may ask', () => {
  it('401 without a token, 403 for a plain user, 400 for a month that is not YYYY-MM', async () => {
    expect((await t.call('GET', '/api/statements?month=2021-01')).status).toBe(401);
    expect((await t.call('GET', '/api/statements?month=2021-01', { token: userA })).status).toBe(403);
    for (const month of ['2021-13', '2021-1', 'januari', '', '0000-01'])
      expect((await t.call('GET', `/api/statements?month=${month}`, { token: adminA })).status).toBe(400);
  });

  it("a workshop admin sees only their own workshop; another workshop's is 404", async () => {
    const a = await paidAt(WORKSHOP_A, adminA, '2021-03-10T12:00:00Z');
    const b = await paidAt(WORKSHOP_B, adminB, '2021-03-11T12:00:00Z');
    const own = await statements(adminA, 'month=2021-03');
    expect(own.statements.map((s) => s.tenantId)).toEqual([workshopA]);
    expect(orderNumbersOf(own, workshopA)).toContain(`${a.orderNumber}:sale`);
    expect(JSON.stringify(own)).not.toContain(b.orderNumber);
    expect((await t.call('GET', `/api/statements?month=2021-03&tenantId=${workshopB}`, { token: adminA })).status).toBe(
      404,
    );
    // Their own, named: the same answer.
    expect(await statements(adminA, `month=2021-03&tenantId=${workshopA}`)).toEqual(own);
    // A month without anything: their workshop with no lines and zero totals.
    const empty = await statements(adminA, 'month=2019-01');
    expect(empty.statements).toEqual([
      expect.objectContaining({
        tenantId: workshopA,
        lines: [],
        totals: { grossCents: 0, taxCents: 0, feeCents: 0, feeVatCents: 0, netCents: 0 },
      }),
    ]);
  });

  it('the super admin sees every workshop with something in the month, or one by tenantId', async () => {
    const all = await statements(superAdmin, 'month=2021-03');
    expect(all.statements.map((s) => s.tenantId).sort()).toEqual([workshopA, workshopB].sort());
    const onlyB = await statements(superAdmin, `month=2021-03&tenantId=${workshopB}`);
    expect(onlyB.statements.map((s) => s.workshopName)).toEqual([WORKSHOP_B]);
    // Totals only (the overview): the same totals, no lines.
    const totalsOnly = await statements(superAdmin, 'month=2021-03&lines=none');
    expect(totalsOnly.statements.map((s) => [s.tenantId, s.totals])).toEqual(
      all.statements.map((s) => [s.tenantId, s.totals]),
    );
    expect(totalsOnly.totals).toEqual(all.totals);
    expect(all.statements.some((s) => s.lines.length > 0)).toBe(true);
    expect(totalsOnly.statements.every((s) => s.lines.length === 0)).toBe(true);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await t.call('GET', `/api/statements?month=2021-03&tenantId=${unknown}`, { token: superAdmin })).status,
    ).toBe(404);
  });
});

describe('GET statements: lines and totals', () => {
  it('each line is the price calculation on its own gross, totals are the sums of the lines, overall the sum of the workshops', async () => {
    const m = await statements(superAdmin, 'month=2021-03');
    for (const s of m.statements) {
      expect(s.lines.length).toBeGreaterThan(0);
      for (const l of s.lines) {
        expect(l.grossCents).toBe(l.netCents + l.feeCents + l.feeVatCents + l.taxCents);
        expect(calculateCents(l.grossCents, l.taxPercent, l.feePercent, l.feeVatPercent)).toEqual({
          grossCents: l.grossCents,
          taxCents: l.taxCents,
          feeCents: l.feeCents,
          feeVatCents: l.feeVatCents,
          netCents: l.netCents,
        });
      }
      const sum = (k: 'grossCents' | 'taxCents' | 'feeCents' | 'feeVatCents' | 'netCents') =>
        s.lines.reduce((n, l) => n + l[k], 0);
      expect(s.totals).toEqual({
        grossCents: sum('grossCents'),
        taxCents: sum('taxCents'),
        feeCents: sum('feeCents'),
        feeVatCents: sum('feeVatCents'),
        netCents: sum('netCents'),
      });
      expect(s.creditorNumber).toEqual(expect.any(String));
    }
    const add = (k: 'grossCents' | 'netCents') => m.statements.reduce((n, s) => n + s.totals[k], 0);
    expect(m.totals.grossCents).toBe(add('grossCents'));
    expect(m.totals.netCents).toBe(add('netCents'));
  });

  it('a shipped reservation has its product line and its delivery costs (VAT, no fee) as a line', async () => {
    const r = await paidAt(WORKSHOP_A, adminA, '2021-04-02T10:00:00Z');
    const m = await statements(adminA, 'month=2021-04');
    const lines = m.statements[0]?.lines.filter((l) => l.reservationId === r.id) ?? [];
    expect(lines.map((l) => l.productNumber === null)).toEqual([false, true]);
    const [product, delivery] = lines;
    expect(product).toMatchObject({
      kind: 'sale',
      quantity: 1,
      grossCents: 4500,
      taxPercent: 21,
      feePercent: 25,
      feeVatPercent: 21,
    });
    // 4500 gross: 781 VAT, 930 fee, 195 BTW on the fee, 2594 net.
    expect(product).toMatchObject(calculateCents(4500, 21, 25, 21));
    expect(product).toMatchObject({ taxCents: 781, feeCents: 930, feeVatCents: 195, netCents: 2594 });
    expect(delivery).toMatchObject({ description: 'Verzendkosten', feePercent: 0, feeCents: 0, feeVatCents: 0 });
    expect(delivery?.grossCents).toBeGreaterThan(0);
  });
});

describe('GET statements: month boundaries are Amsterdam midnight', () => {
  it('winter (UTC+1): 23:59:59 on the 31st is January, 00:30 on the 1st is February', async () => {
    const late = await paidAt(WORKSHOP_A, adminA, '2022-01-31T22:59:59Z');
    const early = await paidAt(WORKSHOP_A, adminA, '2022-01-31T23:30:00Z');
    const jan = await statements(adminA, 'month=2022-01');
    const feb = await statements(adminA, 'month=2022-02');
    expect(orderNumbersOf(jan, workshopA)).toContain(`${late.orderNumber}:sale`);
    expect(orderNumbersOf(jan, workshopA)).not.toContain(`${early.orderNumber}:sale`);
    expect(orderNumbersOf(feb, workshopA)).toContain(`${early.orderNumber}:sale`);
    expect(orderNumbersOf(feb, workshopA)).not.toContain(`${late.orderNumber}:sale`);
  });

  it('summer (UTC+2): 22:00 UTC on 30 June is already July', async () => {
    const r = await paidAt(WORKSHOP_A, adminA, '2022-06-30T22:00:00Z');
    expect(orderNumbersOf(await statements(adminA, 'month=2022-06'), workshopA)).not.toContain(`${r.orderNumber}:sale`);
    expect(orderNumbersOf(await statements(adminA, 'month=2022-07'), workshopA)).toContain(`${r.orderNumber}:sale`);
  });
});

describe('GET statements: returns', () => {
  it('the return received is recorded, and credited (every line negated) in the month it was received', async () => {
    const r = await reservationIn(t, adminA, 'returning', { workshop: WORKSHOP_A });
    expectOk(await t.call('POST', `/api/reservations/${r.id}/returned`, { token: adminA }), 'returned');
    const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, r.id));
    expect(row?.status).toBe(STATUS.returnReceived);
    expect(row?.returnReceivedAt).toBeInstanceOf(Date);
    await t.ctx.db
      .update(reservations)
      .set({ paidAt: new Date('2023-03-31T12:00:00Z'), returnReceivedAt: new Date('2023-04-30T22:30:00Z') })
      .where(eq(reservations.id, r.id));

    const march = await statements(adminA, 'month=2023-03');
    const april = await statements(adminA, 'month=2023-04');
    const may = await statements(adminA, 'month=2023-05');
    const sale = march.statements[0]?.lines.filter((l) => l.reservationId === r.id) ?? [];
    expect(sale.map((l) => l.kind)).toEqual(['sale', 'sale']);
    // 22:30 UTC on 30 April is 00:30 on 1 May in Amsterdam.
    expect(april.statements[0]?.lines.filter((l) => l.reservationId === r.id)).toEqual([]);
    const credit = may.statements[0]?.lines.filter((l) => l.reservationId === r.id) ?? [];
    expect(credit.map((l) => l.kind)).toEqual(['return', 'return']);
    for (const [i, l] of credit.entries()) {
      const s = sale[i];
      expect([l.grossCents, l.taxCents, l.feeCents, l.feeVatCents, l.netCents]).toEqual([
        0 - (s?.grossCents ?? 0),
        0 - (s?.taxCents ?? 0),
        0 - (s?.feeCents ?? 0),
        0 - (s?.feeVatCents ?? 0),
        0 - (s?.netCents ?? 0),
      ]);
      expect(l.at).toBe('2023-04-30T22:30:00.000Z');
    }
    expect(may.statements[0]?.totals.grossCents).toBe(
      -(march.statements[0]?.lines.filter((l) => l.reservationId === r.id).reduce((n, l) => n + l.grossCents, 0) ?? 0),
    );
  });

  it('paid and returned in the same month: a sale and its credit, netting to zero', async () => {
    const r = await reservationIn(t, adminA, 'pickedUp', { workshop: WORKSHOP_A });
    expectOk(await t.call('POST', `/api/shop/reservations/${r.id}/return`), 'return');
    expectOk(await t.call('POST', `/api/reservations/${r.id}/returned`, { token: adminA }), 'returned');
    await t.ctx.db
      .update(reservations)
      .set({ paidAt: new Date('2023-08-03T12:00:00Z'), returnReceivedAt: new Date('2023-08-20T12:00:00Z') })
      .where(eq(reservations.id, r.id));
    const aug = await statements(adminA, 'month=2023-08');
    const lines = aug.statements[0]?.lines.filter((l) => l.reservationId === r.id) ?? [];
    // Picked up: no delivery costs, one product line each way.
    expect(lines.map((l) => l.kind)).toEqual(['sale', 'return']);
    expect(lines.reduce((n, l) => n + l.netCents, 0)).toBe(0);
  });
});

describe('Rates fixed at ordering', () => {
  it('a new fee applies to new reservations only: old statements are unchanged', async () => {
    // The app's clock at 00:30 on the 1st of August in Amsterdam (still 31 July in UTC): both are paid in August.
    t.clock.set(new Date('2026-07-31T22:30:00Z'));
    const month = '2026-08';
    const old = await reservationIn(t, adminA, 'paid', { workshop: WORKSHOP_A });
    const before = await statements(superAdmin, `month=${month}`);
    const oldLines = before.statements.flatMap((s) => s.lines).filter((l) => l.reservationId === old.id);
    expect(oldLines[0]).toMatchObject({ taxPercent: 21, feePercent: 25 });

    try {
      await t.ctx.db.transaction((tx) => writeSettings(tx, { feePercent: 30, taxPercent: 9 }, null));
      // The statement of the month, asked again after the change: every line as it was.
      const after = await statements(superAdmin, `month=${month}`);
      expect(after).toEqual(before);

      const fresh = await reservationIn(t, adminA, 'paid', { workshop: WORKSHOP_A });
      const [stored] = await t.ctx.db
        .select()
        .from(reservationProducts)
        .where(eq(reservationProducts.reservationId, fresh.id));
      expect(stored).toMatchObject({ taxPercent: 9, feePercent: 30 });
      const now = await monthStatements(t.ctx.db, { month, tenantId: workshopA });
      const lines = now.statements[0]?.lines ?? [];
      const freshProduct = lines.find((l) => l.reservationId === fresh.id && l.productNumber !== null);
      expect(freshProduct).toMatchObject({ taxPercent: 9, feePercent: 30, ...calculateCents(4500, 9, 30, 21) });
      const oldAgain = lines.filter((l) => l.reservationId === old.id);
      expect(oldAgain).toEqual(oldLines);
    } finally {
      t.clock.set(null);
      await t.ctx.db.transaction((tx) => resetSettings(tx, ['feePercent', 'taxPercent']));
    }
  });
});

describe('migration 0020: returns received before the column existed', () => {
  it("take the time of their 'returned' audit entry, else their last change; other statuses stay empty", async () => {
    const withEntry = await reservationIn(t, adminA, 'returning', { workshop: WORKSHOP_A });
    const withoutEntry = await reservationIn(t, adminA, 'returning', { workshop: WORKSHOP_A });
    const returning = await reservationIn(t, adminA, 'returning', { workshop: WORKSHOP_A });
    for (const r of [withEntry, withoutEntry])
      expectOk(await t.call('POST', `/api/reservations/${r.id}/returned`, { token: adminA }), 'returned');
    // As before the migration: no column value; one keeps its audit entry (moved to a known time), one loses it.
    const received = new Date('2025-09-30T22:15:00Z');
    const changed = new Date('2025-10-03T08:00:00Z');
    // The audit trail is append-only (migration 0029's trigger); rewriting history as an older database had it takes
    // what the app never does: triggers off for one transaction (replica mode, superuser only).
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx
        .update(auditLog)
        .set({ at: received })
        .where(and(eq(auditLog.entityId, withEntry.id), eq(auditLog.action, 'reservation.returned')));
      await tx
        .delete(auditLog)
        .where(and(eq(auditLog.entityId, withoutEntry.id), eq(auditLog.action, 'reservation.returned')));
    });
    for (const r of [withEntry, withoutEntry])
      await t.ctx.db
        .update(reservations)
        .set({ returnReceivedAt: null, updatedAt: changed })
        .where(eq(reservations.id, r.id));

    const file = path.join(import.meta.dirname, '../../db/migrations/0020_statements.sql');
    const backfill = readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE'));
    if (!backfill) throw new Error('no UPDATE in 0022');
    await t.ctx.db.execute(sql.raw(backfill));

    const at = async (id: string) =>
      (await t.ctx.db.select().from(reservations).where(eq(reservations.id, id)))[0]?.returnReceivedAt;
    expect(await at(withEntry.id)).toEqual(received);
    expect(await at(withoutEntry.id)).toEqual(changed);
    expect(await at(returning.id)).toBeNull();
    // And so credited in October (00:15 on 1 October in Amsterdam).
    const october = await statements(adminA, 'month=2025-10');
    expect(october.statements[0]?.lines.filter((l) => l.reservationId === withEntry.id).map((l) => l.kind)).toEqual([
      'return',
      'return',
    ]);
  });
});
