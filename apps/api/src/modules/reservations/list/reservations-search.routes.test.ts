/**
 * The overview's search, date range, tabs and tab counts: GET reservations/all?search=&from=&to=&status=
 * and GET reservations/counts, on the demo data plus reservations placed here in both demo workshops with the same
 * customer and similar product names, so another workshop's match is there to leak and must not.
 */
import {
  type ErrorEnvelope,
  MESSAGES,
  RESERVATION_LIST_FILTERS,
  type Reservation,
  type ReservationCounts,
  type ReservationPage,
  reservationTotals,
} from '@ateliermarkt/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reservationProducts, reservations } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeProduct, order } from '../reservation-fixtures.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let superAdmin: string;

const WORKSHOP = 'De Draaischijf';
const OTHER = 'Glasatelier Helder';

/** The reservation placed in WORKSHOP and its twin in OTHER: same customer, product names alike. */
let mine: { id: string; orderNumber: string };
let theirs: { id: string; orderNumber: string };
/** Three reservations of WORKSHOP around the day 2026-03-10 (Dutch time), customer datum@…, amounts 10/50/30 euro. */
const edges: { id: string; at: string; euros: number }[] = [
  { id: '', at: '2026-03-09T23:00:00.000Z', euros: 10 }, // 10 March 00:00 in Amsterdam
  { id: '', at: '2026-03-10T22:59:59.000Z', euros: 50 }, // 10 March 23:59:59 in Amsterdam
  { id: '', at: '2026-03-10T23:00:00.000Z', euros: 30 }, // 11 March 00:00 in Amsterdam
];

async function place(workshop: string, productName: string, customer: { name: string; email: string }, cents = 4500) {
  const product = await makeProduct(t, workshop, { priceCents: cents });
  await t.ctx.db.update(products).set({ name: productName }).where(eq(products.id, product.id));
  const res = await order(t, [product.id], 3, customer);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, orderNumber: res.body.orderNumber };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', WORKSHOP);
  otherAdmin = await t.tokenFor('beheer@glasatelierhelder.nl', OTHER);
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
  const fenna = { name: 'Fenna Zoekmans', email: 'fenna.vindbaar@example.nl' };
  mine = await place(WORKSHOP, 'Kobaltschaal met ribbels', fenna);
  theirs = await place(OTHER, 'Kobaltschaal van glas', fenna);
  for (const edge of edges) {
    const placed = await place(
      WORKSHOP,
      'Datumkan',
      { name: 'Dirk Datum', email: 'datum@example.nl' },
      edge.euros * 100,
    );
    edge.id = placed.id;
    await t.ctx.db
      .update(reservations)
      .set({ createdAt: new Date(edge.at) })
      .where(eq(reservations.id, placed.id));
  }
});
afterAll(async () => {
  await t?.close();
});

async function page(token: string, query: string) {
  const res = await t.call<ReservationPage>('GET', `/api/reservations/all?maxResultCount=100&${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
async function counts(token: string, query = '') {
  const res = await t.call<ReservationCounts>('GET', `/api/reservations/counts?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.counts;
}
const ids = (rows: Reservation[]) => rows.map((r) => r.id);
const q = (search: string) => `search=${encodeURIComponent(search)}`;

describe('search', () => {
  it.each([
    ['the order number', () => mine.orderNumber],
    ['part of the order number, any case', () => mine.orderNumber.toLowerCase().slice(0, -1)],
    ['part of the customer name', () => 'zOEKman'],
    ['part of the e-mail', () => 'FENNA.vindbaar@'],
    ['part of a product name', () => 'kobaltschaal'],
  ])("finds a workshop's reservation by %s, never another workshop's", async (_, text) => {
    const found = await page(admin, `status=all&${q(text())}`);
    // Only matches: each row holds the text in one of the four places, and the search left rows out.
    const needle = text().toLowerCase();
    const holds = (r: Reservation) =>
      [r.orderNumber, r.name, r.email, ...r.products.map((p) => p.name)].some((v) => v.toLowerCase().includes(needle));
    expect(found.items.every(holds)).toBe(true);
    expect(found.totalCount).toBeLessThan((await page(admin, 'status=all')).totalCount);
    expect(ids(found.items)).toContain(mine.id);
    expect(ids(found.items)).not.toContain(theirs.id);
    expect(found.items.every((r) => r.workspaceName === WORKSHOP)).toBe(true);
    expect(found.totalCount).toBe(found.items.length);
    // The other workshop finds its own twin (for the names; the order number is mine alone) and the super admin both.
    const everyone = await page(superAdmin, `status=all&${q(text())}`);
    expect(ids(everyone.items)).toContain(mine.id);
  });

  it("the other workshop's admin finds their twin by the shared name and never mine", async () => {
    const found = await page(otherAdmin, `status=all&${q('Zoekmans')}`);
    expect(ids(found.items)).toEqual([theirs.id]);
    const both = await page(superAdmin, `status=all&${q('Zoekmans')}`);
    expect(new Set(ids(both.items))).toEqual(new Set([mine.id, theirs.id]));
    const none = await page(otherAdmin, `status=all&${q(mine.orderNumber)}`);
    expect(none).toEqual({ items: [], totalCount: 0 });
  });

  it('takes %, _ and \\ literally and ignores surrounding spaces; an empty search is no search', async () => {
    for (const text of ['%', '_', '\\', 'Zoek%mans']) {
      expect(await page(superAdmin, `status=all&${q(text)}`), text).toEqual({ items: [], totalCount: 0 });
      expect((await counts(superAdmin, q(text))).all, text).toBe(0);
    }
    const spaced = await page(admin, `status=all&${q('  Zoekmans  ')}`);
    expect(ids(spaced.items)).toEqual([mine.id]);
    const everything = await page(admin, 'status=all');
    expect((await page(admin, `status=all&${q('   ')}`)).totalCount).toBe(everything.totalCount);
  });

  it('combines with the tab: a new reservation is in the open and new tabs, not in closed', async () => {
    expect(ids((await page(admin, `status=open&${q('Zoekmans')}`)).items)).toEqual([mine.id]);
    expect(ids((await page(admin, `status=new&${q('Zoekmans')}`)).items)).toEqual([mine.id]);
    expect((await page(admin, `status=closed&${q('Zoekmans')}`)).totalCount).toBe(0);
    expect((await page(admin, `status=paid&${q('Zoekmans')}`)).totalCount).toBe(0);
  });

  it('pages in date order (read from the date index) hold the searched list in the order of the whole list', async () => {
    // The unpaged list joins the matches and sorts them; a page in date order reads the date index instead (0078).
    for (const [token, text] of [
      [admin, 'Datumkan'],
      [admin, 'e'],
      [superAdmin, 'a'],
    ] as const) {
      for (const sorting of ['', '&sorting=reservationDate%20asc', '&sorting=reservationDate%20desc']) {
        const all = await t.call<Reservation[]>('GET', `/api/reservations/all?status=all&${q(text)}${sorting}`, {
          token,
        });
        expect(all.status).toBe(200);
        const paged: string[] = [];
        let total = -1;
        for (let skip = 0; skip < all.body.length + 3; skip += 3) {
          const one = await t.call<ReservationPage>(
            'GET',
            `/api/reservations/all?status=all&${q(text)}${sorting}&skipCount=${skip}&maxResultCount=3`,
            { token },
          );
          expect(one.status).toBe(200);
          total = one.body.totalCount;
          paged.push(...ids(one.body.items));
        }
        expect(all.body.length, `${text}${sorting}`).toBeGreaterThan(2);
        expect(paged, `${text}${sorting}`).toEqual(ids(all.body));
        expect(total).toBe(all.body.length);
      }
    }
  });
});

describe('date range', () => {
  const datum = q('datum@example.nl');
  const edgeIds = (...which: number[]) => which.map((i) => edges[i]?.id);

  it('includes the whole first and last day in Dutch time, and nothing beyond', async () => {
    const day = await page(admin, `${datum}&from=2026-03-10&to=2026-03-10&sorting=reservationDate asc`);
    expect(ids(day.items)).toEqual(edgeIds(0, 1));
    const fromNext = await page(admin, `${datum}&from=2026-03-11&sorting=reservationDate asc`);
    expect(ids(fromNext.items)).toEqual(edgeIds(2));
    const untilBefore = await page(admin, `${datum}&to=2026-03-09`);
    expect(untilBefore.totalCount).toBe(0);
    const both = await page(admin, `${datum}&from=2026-03-09&to=2026-03-11&sorting=reservationDate asc`);
    expect(ids(both.items)).toEqual(edgeIds(0, 1, 2));
    expect((await counts(admin, `${datum}&from=2026-03-10&to=2026-03-10`)).all).toBe(2);
  });
});

const setAvailable = (reservationId: string, isAvailable: boolean) =>
  t.ctx.db.update(reservationProducts).set({ isAvailable }).where(eq(reservationProducts.reservationId, reservationId));

describe('sorting by amount', () => {
  it("orders by the reservation's total (available products plus delivery), both ways", async () => {
    const asc = await page(admin, `${q('datum@example.nl')}&sorting=amount asc`);
    expect(ids(asc.items)).toEqual([edges[0]?.id, edges[2]?.id, edges[1]?.id]);
    const totals = asc.items.map((r) => reservationTotals(r).total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(totals[0]).toBeGreaterThan(10); // the delivery line is part of the amount
    const desc = await page(admin, `${q('datum@example.nl')}&sorting=amount desc`);
    expect(ids(desc.items)).toEqual([...ids(asc.items)].reverse());
  });

  it('an unavailable product no longer counts', async () => {
    // The 50 euro one loses its product: only its delivery is left, so it sorts first.
    await setAvailable(edges[1]?.id ?? '', false);
    const asc = await page(admin, `${q('datum@example.nl')}&sorting=amount asc`);
    expect(ids(asc.items)).toEqual([edges[1]?.id, edges[0]?.id, edges[2]?.id]);
    await setAvailable(edges[1]?.id ?? '', true);
  });
});

describe('the amount the database keeps (migration 0022)', () => {
  /** Reservations whose kept amount differs from their available lines plus delivery, and how many were checked. */
  async function drift() {
    const computed = sql<number>`coalesce((select sum(rp.price_cents * rp.quantity) from reservation_products rp
      where rp.reservation_id = ${reservations.id} and rp.is_available), 0)::int
      + ${reservations.deliveryPriceCents} * ${reservations.deliveryQuantity}`;
    const rows = await t.ctx.db
      .select({ id: reservations.id, kept: reservations.amountCents, computed })
      .from(reservations);
    return { checked: rows.length, wrong: rows.filter((r) => r.kept !== Number(r.computed)) };
  }

  it('equals the available lines plus delivery for every reservation, through orders, line and delivery changes', async () => {
    const before = await drift();
    expect(before.checked).toBeGreaterThan(10);
    expect(before.wrong).toEqual([]);
    const id = edges[2]?.id ?? '';
    await t.ctx.db.update(reservations).set({ deliveryQuantity: 4 }).where(eq(reservations.id, id));
    await setAvailable(id, false);
    const [row] = await t.ctx.db
      .select({ kept: reservations.amountCents, delivery: reservations.deliveryPriceCents })
      .from(reservations)
      .where(eq(reservations.id, id));
    expect(row?.kept).toBe((row?.delivery ?? -1) * 4);
    await setAvailable(id, true);
    await t.ctx.db.update(reservations).set({ deliveryQuantity: 1 }).where(eq(reservations.id, id));
    const gone = await place(WORKSHOP, 'Wisselkan', { name: 'Wim Wissel', email: 'wissel@example.nl' });
    await t.ctx.db.delete(reservationProducts).where(eq(reservationProducts.reservationId, gone.id));
    expect((await drift()).wrong).toEqual([]);
  });
});

describe('GET reservations/counts', () => {
  it.each([
    ['no narrowing', ''],
    ['a search', q('a')],
    ['a date range', 'from=2026-03-10&to=2026-12-31'],
    ['a dashboard card', 'todo=toApprove'],
  ])('with %s: each tab counts exactly its list, for a workshop and for the super admin', async (_, narrowing) => {
    for (const token of [admin, superAdmin]) {
      const numbers = await counts(token, narrowing);
      expect(Object.keys(numbers).sort()).toEqual([...RESERVATION_LIST_FILTERS].sort());
      for (const tab of RESERVATION_LIST_FILTERS) {
        const listed = await page(token, `status=${tab}&${narrowing}`);
        expect(numbers[tab], `${tab} ${narrowing}`).toBe(listed.totalCount);
      }
      expect(numbers.open + numbers.closed).toBe(numbers.all);
    }
  });

  it("never counts another workshop's reservations", async () => {
    const mineCount = await counts(admin, q('Zoekmans'));
    const theirCount = await counts(otherAdmin, q('Zoekmans'));
    const everyone = await counts(superAdmin, q('Zoekmans'));
    expect([mineCount.all, theirCount.all, everyone.all]).toEqual([1, 1, 2]);
    const allMine = await counts(admin);
    const allTheirs = await counts(otherAdmin);
    expect((await counts(superAdmin)).all).toBe(allMine.all + allTheirs.all);
  });

  it('a plain user may not count', async () => {
    const user = await t.tokenFor('medewerker@dedraaischijf.nl', WORKSHOP);
    const res = await t.call<ErrorEnvelope>('GET', '/api/reservations/counts', { token: user });
    expect(res.status).toBe(403);
  });
});

describe('refused narrowing', () => {
  it.each([
    ['from=10-03-2026', MESSAGES.dateInvalid],
    ['to=2026-02-30', MESSAGES.dateInvalid],
    ['from=2026-03-11&to=2026-03-10', MESSAGES.dateRangeInvalid],
    [`search=${'a'.repeat(101)}`, MESSAGES.searchTooLong],
    ['zoek=vaas', MESSAGES.fieldUnknown],
    ['status=gepauzeerd', MESSAGES.fieldInvalid],
    ['sorting=amount sideways', MESSAGES.fieldInvalid],
  ])('%s: 400 in Dutch, on the list and (where it applies) on the counts', async (query, message) => {
    const res = await t.call<ErrorEnvelope>('GET', `/api/reservations/all?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error.validationErrors?.map((e) => e.message)).toEqual([message]);
    if (query.startsWith('status') || query.startsWith('sorting')) return;
    const counted = await t.call<ErrorEnvelope>('GET', `/api/reservations/counts?${query}`, { token: admin });
    expect(counted.status).toBe(400);
    expect(counted.body.error.validationErrors?.map((e) => e.message)).toEqual([message]);
  });
});
