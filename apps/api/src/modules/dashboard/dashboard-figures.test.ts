/**
 * The dashboard's kept figures (migration 0032: reservation_period_figures, product_reserved_units; migration 0033:
 * product_payment_holds; migration 0035: reservation_status_counts; kept by triggers in the writing transaction) equal a
 * recount from the reservations
 * themselves, worked out here in JavaScript with Intl for the Amsterdam months and weeks: after real transitions
 * through the API, and after random sequences of direct writes (placing, status changes, payment times, lines
 * removed, delivery changed, placing time moved, deletion, a product made unique or not).
 */
import { TIME_ZONE } from '@ateliermarkt/contract';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  productPaymentHolds,
  productReservedUnits,
  products,
  reservationPeriodFigures,
  reservationProducts,
  reservationStatusCounts,
  reservations,
} from '../../db/schema/index.ts';
import { aReservation, aWorkshop, type FactoryStatus } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeProduct } from '../reservations/reservation-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const REVENUE = new Set([3, 4, 5, 6]);
const REJECTED = 1;
const AWAITING_PAYMENT = 2;
const localDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const monthOf = (at: Date) => `${localDate.format(at).slice(0, 7)}-01`;
const mondayOf = (at: Date) => {
  const [y = 0, m = 1, d = 1] = localDate.format(at).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
};

/** Every figure recounted from the reservations and their lines, and the kept ones (rows of zero left out). */
async function figures() {
  const db = t.ctx.db;
  const rows = await db
    .select({
      id: reservations.id,
      tenantId: reservations.tenantId,
      status: reservations.status,
      createdAt: reservations.createdAt,
      paidAt: reservations.paidAt,
      withdrawnAt: reservations.withdrawnAt,
    })
    .from(reservations);
  const lines = await db.select().from(reservationProducts);
  const unique = new Set(
    (await db.select({ id: products.id }).from(products).where(eq(products.isUniqueEdition, true))).map((p) => p.id),
  );
  // Per unique product: the reservations awaiting payment that hold it on an available line.
  const holders = new Map<string, Set<string>>();
  const linesOf = new Map<string, (typeof lines)[number][]>();
  for (const l of lines) linesOf.set(l.reservationId, [...(linesOf.get(l.reservationId) ?? []), l]);
  const periods = new Map<string, { placed: number; revenueCents: number }>();
  const add = (key: string, placed: number, revenueCents: number) => {
    const was = periods.get(key) ?? { placed: 0, revenueCents: 0 };
    periods.set(key, { placed: was.placed + placed, revenueCents: was.revenueCents + revenueCents });
  };
  const units = new Map<string, number>();
  const statuses = new Map<string, { reservations: number; withdrawn: number }>();
  for (const r of rows) {
    const key = `${r.tenantId}|${r.status}`;
    const was = statuses.get(key) ?? { reservations: 0, withdrawn: 0 };
    statuses.set(key, { reservations: was.reservations + 1, withdrawn: was.withdrawn + (r.withdrawnAt ? 1 : 0) });
    add(`${r.tenantId}|month|${monthOf(r.createdAt)}`, 1, 0);
    add(`${r.tenantId}|week|${mondayOf(r.createdAt)}`, 1, 0);
    const available = (linesOf.get(r.id) ?? []).filter((l) => l.isAvailable);
    if (REVENUE.has(r.status) && r.paidAt)
      add(
        `${r.tenantId}|month|${monthOf(r.paidAt)}`,
        0,
        available.reduce((sum, l) => sum + l.priceCents * l.quantity, 0),
      );
    if (r.status !== REJECTED)
      for (const l of available) units.set(l.productId, (units.get(l.productId) ?? 0) + l.quantity);
    if (r.status === AWAITING_PAYMENT)
      for (const l of available.filter((l) => unique.has(l.productId)))
        holders.set(l.productId, (holders.get(l.productId) ?? new Set()).add(r.id));
  }
  const recounted = {
    periods: Object.fromEntries(
      [...periods].filter(([, v]) => v.placed !== 0 || v.revenueCents !== 0).sort(([a], [b]) => a.localeCompare(b)),
    ),
    units: Object.fromEntries([...units].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b))),
    holds: Object.fromEntries(
      [...holders].map(([id, set]) => [id, set.size]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
    statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a.localeCompare(b))),
  };
  const keptPeriods = await db.select().from(reservationPeriodFigures);
  const keptUnits = await db.select().from(productReservedUnits);
  const keptHolds = await db.select().from(productPaymentHolds);
  const keptStatuses = await db.select().from(reservationStatusCounts);
  const kept = {
    periods: Object.fromEntries(
      keptPeriods
        .filter((f) => f.placed !== 0 || f.revenueCents !== 0)
        .map((f) => [`${f.tenantId}|${f.period}|${f.startsOn}`, { placed: f.placed, revenueCents: f.revenueCents }])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
    units: Object.fromEntries(
      keptUnits
        .filter((u) => u.units !== 0)
        .map((u) => [u.productId, u.units])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
    holds: Object.fromEntries(
      keptHolds.map((h) => [h.productId, h.holders]).sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
    statuses: Object.fromEntries(
      keptStatuses
        .filter((c) => c.reservations !== 0 || c.withdrawn !== 0)
        .map((c) => [`${c.tenantId}|${c.status}`, { reservations: c.reservations, withdrawn: c.withdrawn }])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ),
  };
  return { recounted, kept };
}

describe("the dashboard's kept figures", () => {
  it('equal a recount after real transitions through the API (the demo data included)', async () => {
    const workshop = await aWorkshop(t);
    const statuses: FactoryStatus[] = [
      'new',
      'rejected',
      'awaitingPayment',
      'paid',
      'shipped',
      'pickedUp',
      'returning',
      'returnReceived',
    ];
    for (const status of statuses) await aReservation(t, workshop, { status, price: 12.34 });
    const { recounted, kept } = await figures();
    expect(kept).toEqual(recounted);
    expect(Object.values(recounted.periods).some((p) => p.revenueCents > 0)).toBe(true);
    expect(Object.keys(recounted.units).length).toBeGreaterThan(0);
    expect(Object.keys(recounted.holds).length).toBeGreaterThan(0);
  }, 60_000);

  it('equal a recount after random sequences of writes', async () => {
    const workshopId = await t.tenantId('De Draaischijf');
    const productIds: string[] = [];
    for (let i = 0; i < 4; i++) productIds.push((await makeProduct(t, 'De Draaischijf', { unique: i < 3 })).id);
    const YEAR_MS = 365 * 86_400_000;
    const base = Date.UTC(2031, 0, 1);
    let serial = 0;
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('place' as const),
        status: fc.integer({ min: 0, max: 7 }),
        createdMs: fc.integer({ min: 0, max: YEAR_MS }),
        paidAfterMs: fc.option(fc.integer({ min: 0, max: 60 * 86_400_000 })),
        delivery: fc.integer({ min: 0, max: 1500 }),
        lines: fc.uniqueArray(
          fc.record({
            product: fc.integer({ min: 0, max: 3 }),
            priceCents: fc.integer({ min: 1, max: 90_000 }),
            quantity: fc.integer({ min: 1, max: 3 }),
          }),
          { minLength: 0, maxLength: 3, selector: (l) => l.product },
        ),
      }),
      fc.record({ kind: fc.constant('status' as const), pick: fc.nat(), status: fc.integer({ min: 0, max: 7 }) }),
      fc.record({
        kind: fc.constant('paidAt' as const),
        pick: fc.nat(),
        atMs: fc.option(fc.integer({ min: 0, max: YEAR_MS })),
      }),
      fc.record({ kind: fc.constant('removeLine' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('delivery' as const), pick: fc.nat(), cents: fc.integer({ min: 0, max: 2000 }) }),
      fc.record({ kind: fc.constant('moved' as const), pick: fc.nat(), atMs: fc.integer({ min: 0, max: YEAR_MS }) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('bulkStatus' as const), status: fc.integer({ min: 0, max: 7 }) }),
      fc.record({
        kind: fc.constant('unique' as const),
        product: fc.integer({ min: 0, max: 3 }),
        unique: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('restoreLines' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('withdrawn' as const), pick: fc.nat(), withdrawn: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        const mine: string[] = [];
        const pick = (n: number) => mine[n % mine.length];
        for (const o of ops) {
          const db = t.ctx.db;
          if (o.kind === 'place') {
            serial += 1;
            const createdAt = new Date(base + o.createdMs);
            const [r] = await db
              .insert(reservations)
              .values({
                tenantId: workshopId,
                orderNumber: `FIG-${serial}`,
                status: o.status,
                deliveryMethodId: 3,
                deliveryPriceCents: o.delivery,
                name: 'Cijfer',
                street: 'Straat',
                streetNumber: '1',
                zipCode: '1234 AB',
                city: 'Utrecht',
                email: 'cijfer@example.nl',
                createdAt,
                paidAt: o.paidAfterMs === null ? null : new Date(createdAt.getTime() + o.paidAfterMs),
              })
              .returning({ id: reservations.id });
            if (!r) throw new Error('not placed');
            mine.push(r.id);
            if (o.lines.length)
              await db.insert(reservationProducts).values(
                o.lines.map((l) => ({
                  reservationId: r.id,
                  productId: productIds[l.product] as string,
                  quantity: l.quantity,
                  priceCents: l.priceCents,
                  taxPercent: 21,
                  feePercent: 10,
                })),
              );
            continue;
          }
          if (o.kind === 'unique') {
            await db
              .update(products)
              .set({ isUniqueEdition: o.unique })
              .where(eq(products.id, productIds[o.product] as string));
            continue;
          }
          if (o.kind === 'bulkStatus') {
            if (mine.length)
              await db.update(reservations).set({ status: o.status }).where(inArray(reservations.id, mine));
            continue;
          }
          const id = pick(o.pick);
          if (!id) continue;
          if (o.kind === 'status')
            await db.update(reservations).set({ status: o.status }).where(eq(reservations.id, id));
          else if (o.kind === 'paidAt')
            await db
              .update(reservations)
              .set({ paidAt: o.atMs === null ? null : new Date(base + o.atMs) })
              .where(eq(reservations.id, id));
          else if (o.kind === 'removeLine') {
            const [line] = await db
              .select({ productId: reservationProducts.productId })
              .from(reservationProducts)
              .where(eq(reservationProducts.reservationId, id))
              .limit(1);
            if (line)
              await db
                .update(reservationProducts)
                .set({ isAvailable: false })
                .where(
                  and(eq(reservationProducts.reservationId, id), eq(reservationProducts.productId, line.productId)),
                );
          } else if (o.kind === 'delivery')
            await db.update(reservations).set({ deliveryPriceCents: o.cents }).where(eq(reservations.id, id));
          else if (o.kind === 'moved')
            await db
              .update(reservations)
              .set({ createdAt: new Date(base + o.atMs) })
              .where(eq(reservations.id, id));
          else {
            await db.delete(reservations).where(eq(reservations.id, id));
            mine.splice(mine.indexOf(id), 1);
          }
        }
        const { recounted, kept } = await figures();
        expect(kept).toEqual(recounted);
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('keep the payment holds through each kind of write that changes them', async () => {
    const workshopId = await t.tenantId('De Draaischijf');
    const db = t.ctx.db;
    const product = (await makeProduct(t, 'De Draaischijf', { unique: true })).id;
    const place = async (orderNumber: string, status: number) => {
      const [r] = await db
        .insert(reservations)
        .values({
          tenantId: workshopId,
          orderNumber,
          status,
          deliveryMethodId: 3,
          deliveryPriceCents: 0,
          name: 'Houder',
          street: 'Straat',
          streetNumber: '1',
          zipCode: '1234 AB',
          city: 'Utrecht',
          email: 'houder@example.nl',
        })
        .returning({ id: reservations.id });
      if (!r) throw new Error('not placed');
      await db.insert(reservationProducts).values({
        reservationId: r.id,
        productId: product,
        quantity: 1,
        priceCents: 1000,
        taxPercent: 21,
        feePercent: 10,
      });
      return r.id;
    };
    const holdsOf = async () => {
      const { recounted, kept } = await figures();
      expect(kept).toEqual(recounted);
      return kept.holds[product] ?? 0;
    };
    const first = await place('HOLD-1', 2);
    expect(await holdsOf()).toBe(1);
    const second = await place('HOLD-2', 2);
    await place('HOLD-3', 0);
    expect(await holdsOf()).toBe(2);
    await db.update(products).set({ isUniqueEdition: false }).where(eq(products.id, product));
    expect(await holdsOf()).toBe(0);
    await db.update(products).set({ isUniqueEdition: true }).where(eq(products.id, product));
    expect(await holdsOf()).toBe(2);
    await db.update(reservations).set({ status: 3 }).where(eq(reservations.id, first));
    expect(await holdsOf()).toBe(1);
    await db
      .update(reservationProducts)
      .set({ isAvailable: false })
      .where(eq(reservationProducts.reservationId, second));
    expect(await holdsOf()).toBe(0);
    await db.update(reservations).set({ status: 2 }).where(eq(reservations.id, first));
    expect(await holdsOf()).toBe(1);
    await db.delete(reservations).where(eq(reservations.id, first));
    expect(await holdsOf()).toBe(0);
  }, 60_000);
});
