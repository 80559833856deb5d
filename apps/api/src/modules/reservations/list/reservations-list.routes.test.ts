/**
 * GET reservations/all with paging, sorting and the open/closed filter, on the demo reservations (every
 * status, one paused, two published workshops). Without the new parameters the original list stays as it was.
 */
import {
  type ErrorEnvelope,
  MESSAGES,
  RESERVATION_PAGE_MAX,
  RESERVATION_SORT_FIELDS,
  type Reservation,
  type ReservationPage,
  type ReservationSortField,
  reservationTotals,
} from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demoTokens, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let user: string;
let superAdmin: string;

const WORKSHOP = 'De Draaischijf';
const OTHER = 'Glasatelier Helder';

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, user, otherAdmin, superAdmin } = await demoTokens(t));
});
afterAll(async () => {
  await t?.close();
});

const list = async (token: string, query = '') => {
  const res = await t.call<Reservation[]>('GET', `/api/reservations/all${query}`, { token });
  expect(res.status).toBe(200);
  expect(Array.isArray(res.body)).toBe(true);
  return res.body;
};
const page = async (token: string, query: string) => {
  const res = await t.call<ReservationPage>('GET', `/api/reservations/all?${query}`, { token });
  expect(res.status).toBe(200);
  expect(Object.keys(res.body).sort()).toEqual(['items', 'totalCount']);
  return res.body;
};

/** Every page of `query` in steps of `size`, concatenated. */
async function allPages(token: string, query: string, size: number) {
  const first = await page(token, `${query}&skipCount=0&maxResultCount=${size}`);
  const items = [...first.items];
  for (let skip = size; skip < first.totalCount; skip += size) {
    const next = await page(token, `${query}&skipCount=${skip}&maxResultCount=${size}`);
    expect(next.totalCount).toBe(first.totalCount);
    expect(next.items.length).toBeLessThanOrEqual(size);
    items.push(...next.items);
  }
  return { items, totalCount: first.totalCount };
}

const ids = (rows: Reservation[]) => rows.map((r) => r.id);

/** The server's sort key of each column (texts case-insensitive by code point; order numbers naturally). */
const STATUS_ORDER = (names: string[]) => [...new Set(names)].sort((a, b) => a.localeCompare(b, 'nl'));
function keyOf(field: ReservationSortField, statusOrder: string[]): (r: Reservation) => string | number {
  switch (field) {
    case 'reservationDate':
      return (r) => r.reservationDate;
    case 'orderNumber':
      return (r) => Number(r.orderNumber.replace(/\D/g, ''));
    case 'name':
      return (r) => r.name.toLowerCase();
    case 'workspaceName':
      return (r) => r.workspaceName.toLowerCase();
    case 'statusName':
      return (r) => statusOrder.indexOf(r.statusName);
    case 'amount':
      return (r) => Math.round(reservationTotals(r).total * 100);
  }
}
const byCodePoint = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

describe('GET reservations/all without the new parameters (the original call)', () => {
  it('still answers the whole list, newest first, per filter', async () => {
    const all = await list(admin);
    const open = await list(admin, '?status=open');
    const closed = await list(admin, '?status=closed');
    expect(all.length).toBeGreaterThan(3);
    expect(open.length).toBeGreaterThan(0);
    expect(closed.length).toBeGreaterThan(0);
    expect(new Set([...ids(open), ...ids(closed)])).toEqual(new Set(ids(all)));
    const dates = all.map((r) => r.reservationDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('paging', () => {
  it('pages partition the whole list in the same order, with its count, for open, closed and all', async () => {
    for (const status of ['all', 'open', 'closed'] as const) {
      const whole = await list(admin, `?status=${status}`);
      const paged = await allPages(admin, `status=${status}`, 2);
      expect(paged.totalCount).toBe(whole.length);
      expect(ids(paged.items)).toEqual(ids(whole));
      expect(paged.items.every((r) => r.isOpen === (status === 'all' ? r.isOpen : status === 'open'))).toBe(true);
    }
  });

  it('a page past the end is empty but still counts; maxResultCount alone is the first page', async () => {
    const whole = await list(admin);
    const past = await page(admin, `skipCount=${whole.length + 5}&maxResultCount=10`);
    expect(past).toEqual({ items: [], totalCount: whole.length });
    const first = await page(admin, 'maxResultCount=3');
    expect(ids(first.items)).toEqual(ids(whole).slice(0, 3));
    const defaultSize = await page(superAdmin, 'skipCount=0');
    expect(defaultSize.items.length).toBe(Math.min(RESERVATION_PAGE_MAX, defaultSize.totalCount));
  });

  it("a workshop's pages hold only its own reservations; the super admin's hold every workshop's", async () => {
    const mine = await allPages(admin, 'status=all', 5);
    const theirs = await allPages(otherAdmin, 'status=all', 5);
    const everyone = await allPages(superAdmin, 'status=all', 5);
    expect(mine.items.every((r) => r.workspaceName === WORKSHOP)).toBe(true);
    expect(theirs.items.every((r) => r.workspaceName === OTHER)).toBe(true);
    expect(mine.totalCount).toBeGreaterThan(0);
    expect(theirs.totalCount).toBeGreaterThan(0);
    expect(ids(mine.items).some((id) => ids(theirs.items).includes(id))).toBe(false);
    expect(everyone.totalCount).toBe(mine.totalCount + theirs.totalCount);
    expect(new Set(ids(everyone.items))).toEqual(new Set([...ids(mine.items), ...ids(theirs.items)]));
    // Sorting by workshop does not leak another workshop's rows either.
    const sorted = await page(admin, 'sorting=workspaceName desc&maxResultCount=100');
    expect(sorted.items.every((r) => r.workspaceName === WORKSHOP)).toBe(true);
  });

  it('a plain user gets no page', async () => {
    const res = await t.call<ErrorEnvelope>('GET', '/api/reservations/all?maxResultCount=5', { token: user });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(MESSAGES.forbidden);
  });
});

describe('sorting', () => {
  it('sorts every column both ways on the server, pages without overlap, paused reservations included', async () => {
    const whole = await list(superAdmin);
    expect(whole.some((r) => r.isPaused)).toBe(true);
    const statusOrder = STATUS_ORDER(whole.map((r) => r.statusName));
    for (const field of RESERVATION_SORT_FIELDS) {
      for (const direction of ['asc', 'desc'] as const) {
        const paged = await allPages(superAdmin, `status=all&sorting=${field} ${direction}`, 4);
        expect(paged.totalCount).toBe(whole.length);
        expect(new Set(ids(paged.items)).size).toBe(whole.length);
        const keys = paged.items.map(keyOf(field, statusOrder));
        const expected = [...keys].sort(byCodePoint);
        if (direction === 'desc') expected.reverse();
        expect(keys, `${field} ${direction}`).toEqual(expected);
        // The list form sorts the same way.
        const listed = await list(superAdmin, `?sorting=${field} ${direction}`);
        expect(ids(listed), `${field} ${direction} as a list`).toEqual(ids(paged.items));
      }
    }
  });

  it('sorts within the filter: the open ones by customer name, A to Z', async () => {
    const open = await allPages(admin, 'status=open&sorting=name', 3);
    expect(open.items.every((r) => r.isOpen)).toBe(true);
    const names = open.items.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort(byCodePoint));
  });
});

describe('refused parameters', () => {
  it.each([
    'maxResultCount=0',
    `maxResultCount=${RESERVATION_PAGE_MAX + 1}`,
    'skipCount=-1',
    'skipCount=twee',
    'sorting=email asc',
    'sorting=name sideways',
    'status=half',
  ])('%s: 400 in Dutch', async (query) => {
    const res = await t.call<ErrorEnvelope>('GET', `/api/reservations/all?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MESSAGES.fieldInvalid);
    expect(res.body.error.validationErrors?.map((e) => e.message)).toEqual([MESSAGES.fieldInvalid]);
  });
});
