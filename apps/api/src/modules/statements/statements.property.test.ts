/**
 * Over random months of random reservations (statuses, rates with decimals, quantities, delivery costs,
 * returns received later), every statement's totals are the sum of its lines, the month's totals the sum of the
 * statements', every line is gross = net + fee + BTW on the fee + tax to the cent (the fee's BTW at the
 * line's own rate, a KOR workshop's lines at 0 % tax), and each reservation shows up exactly where the
 * rule says: a sale in the Amsterdam month it was paid (status 3–7), a credit in the month its return was received
 * (status 7). The expected months are worked out here with Intl, independently of the SQL bounds. The totals
 * the database adds up (`lines=none`, the dashboard) equal the sums of these lines.
 */
import { type MonthStatements, type StatementTotals, TIME_ZONE } from '@ateliermarkt/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationProducts, reservations } from '../../db/schema/index.ts';
import { WORKSHOP_A, WORKSHOP_B } from '../../security/security-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeProduct } from '../reservations/reservation-fixtures.ts';
import { monthStatements, monthStatementTotals } from './index.ts';

let t: TestApp;
const workshops: { tenantId: string; products: string[] }[] = [];
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [WORKSHOP_A, WORKSHOP_B]) {
    const products = [];
    for (let i = 0; i < 3; i++) products.push((await makeProduct(t, name)).id);
    workshops.push({ tenantId: await t.tenantId(name), products });
  }
});
afterAll(async () => {
  await t?.close();
});

const MINUTES_IN_YEAR = 365 * 24 * 60;
/** A percentage as numeric(5,2) holds it: hundredths. */
const percent = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((h) => h / 100);
const reservationArb = fc.record({
  workshop: fc.integer({ min: 0, max: 1 }),
  status: fc.integer({ min: 0, max: 7 }),
  paidMinute: fc.integer({ min: 0, max: MINUTES_IN_YEAR - 1 }),
  returnAfterMinutes: fc.integer({ min: 1, max: 90 * 24 * 60 }),
  deliveryPriceCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2500 })),
  deliveryQuantity: fc.integer({ min: 1, max: 3 }),
  lines: fc.array(
    fc.record({
      priceCents: fc.integer({ min: 1, max: 250_000 }),
      quantity: fc.integer({ min: 1, max: 4 }),
      taxPercent: fc.oneof(fc.constantFrom(0, 9, 21), percent(30)),
      feePercent: fc.oneof(fc.constantFrom(0, 25), percent(60)),
      feeVatPercent: fc.oneof(fc.constantFrom(0, 21), percent(30)),
      available: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

const monthOf = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit' });
const amsterdamMonth = (at: Date) => monthOf.format(at).slice(0, 7);

type Expected = Map<string, Map<string, number>>;

function expectSums(m: MonthStatements) {
  const add = (rows: StatementTotals[]) => ({
    grossCents: rows.reduce((n, r) => n + r.grossCents, 0),
    taxCents: rows.reduce((n, r) => n + r.taxCents, 0),
    feeCents: rows.reduce((n, r) => n + r.feeCents, 0),
    feeVatCents: rows.reduce((n, r) => n + r.feeVatCents, 0),
    netCents: rows.reduce((n, r) => n + r.netCents, 0),
  });
  for (const s of m.statements) {
    for (const l of s.lines) {
      for (const part of [l.grossCents, l.taxCents, l.feeCents, l.feeVatCents, l.netCents])
        expect(Number.isInteger(part)).toBe(true);
      expect(l.grossCents).toBe(l.netCents + l.feeCents + l.feeVatCents + l.taxCents);
      // The fee's BTW is its rate on the fee without BTW, rounded half-up once (a credit: the sale's, negated).
      expect(Math.abs(l.feeVatCents)).toBe(Math.round((Math.abs(l.feeCents) * l.feeVatPercent) / 100 + 1e-9));
      if (l.taxPercent === 0) expect(l.taxCents).toBe(0);
    }
    expect(s.totals).toEqual(add(s.lines));
  }
  expect(m.totals).toEqual(add(m.statements.map((s) => s.totals)));
}

describe('statements over random months of random reservations', () => {
  it('totals are the sums of their lines, each line adds up, each reservation is where the rule puts it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(reservationArb, { minLength: 1, maxLength: 12 }), async (plans) => {
        // Each run has its own year, two apart: nothing of an earlier run (nor the demo) can spill into it.
        run += 1;
        const year = 2040 + 2 * run;
        const start = Date.UTC(year, 0, 1);
        /** month → "reservationId:kind" → number of lines expected. */
        const expected: Expected = new Map();
        const expect1 = (month: string, key: string, count: number) => {
          const m = expected.get(month) ?? new Map<string, number>();
          m.set(key, (m.get(key) ?? 0) + count);
          expected.set(month, m);
        };
        for (const [i, p] of plans.entries()) {
          const w = workshops[p.workshop];
          if (!w) throw new Error('no workshop');
          const paidAt = new Date(start + p.paidMinute * 60_000);
          const returnReceivedAt = new Date(paidAt.getTime() + p.returnAfterMinutes * 60_000);
          const paid = p.status >= 3;
          const [r] = await t.ctx.db
            .insert(reservations)
            .values({
              tenantId: w.tenantId,
              orderNumber: `PROP-${year}-${i}`,
              status: p.status,
              deliveryMethodId: 3,
              deliveryQuantity: p.deliveryQuantity,
              deliveryPriceCents: p.deliveryPriceCents,
              name: 'Eigenschap',
              street: 'Straat',
              streetNumber: '1',
              zipCode: '1234 AB',
              city: 'Utrecht',
              email: 'eigenschap@example.nl',
              paidAt: paid ? paidAt : null,
              returnReceivedAt: p.status === 7 ? returnReceivedAt : null,
            })
            .returning({ id: reservations.id });
          if (!r) throw new Error('not inserted');
          await t.ctx.db.insert(reservationProducts).values(
            p.lines.map((l, k) => ({
              reservationId: r.id,
              productId: w.products[k] as string,
              quantity: l.quantity,
              priceCents: l.priceCents,
              taxPercent: l.taxPercent,
              feePercent: l.feePercent,
              feeVatPercent: l.feeVatPercent,
              isAvailable: l.available,
            })),
          );
          const available = p.lines.filter((l) => l.available).length;
          const count = available + (available > 0 && p.deliveryPriceCents > 0 ? 1 : 0);
          if (paid && count > 0) expect1(amsterdamMonth(paidAt), `${r.id}:sale`, count);
          if (p.status === 7 && count > 0) expect1(amsterdamMonth(returnReceivedAt), `${r.id}:return`, count);
        }
        // Every month of the run's year and the next (returns come up to 90 days later).
        const months = Array.from({ length: 24 }, (_, k) => new Date(Date.UTC(year, k, 1)).toISOString().slice(0, 7));
        for (const month of months) {
          const m = await monthStatements(t.ctx.db, { month });
          expectSums(m);
          // The totals added up in SQL (statement-totals.ts) are these, to the cent, for all and for each workshop.
          const withoutLines = (x: MonthStatements) => ({
            ...x,
            statements: x.statements.map((s) => ({ ...s, lines: [] })),
          });
          expect(await monthStatementTotals(t.ctx.db, { month })).toEqual(withoutLines(m));
          for (const w of workshops) {
            const one = await monthStatements(t.ctx.db, { month, tenantId: w.tenantId });
            expect(await monthStatementTotals(t.ctx.db, { month, tenantId: w.tenantId })).toEqual(withoutLines(one));
          }
          const got = new Map<string, number>();
          for (const l of m.statements.flatMap((s) => s.lines)) {
            const key = `${l.reservationId}:${l.kind}`;
            got.set(key, (got.get(key) ?? 0) + 1);
          }
          expect({ month, lines: Object.fromEntries(got) }).toEqual({
            month,
            lines: Object.fromEntries(expected.get(month) ?? new Map()),
          });
          // A sale and its credit cancel to the cent when both fall in this month.
          for (const s of m.statements) {
            const ids = new Set(s.lines.filter((l) => l.kind === 'return').map((l) => l.reservationId));
            for (const id of ids) {
              const own = s.lines.filter((l) => l.reservationId === id);
              if (own.some((l) => l.kind === 'sale')) expect(own.reduce((n, l) => n + l.netCents, 0)).toBe(0);
            }
          }
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
