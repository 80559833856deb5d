import { type Dashboard, STATUS } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservations } from '../db/schema/index.ts';
import { anAdmin, aProduct, aReservation, aWorkshop, type FactoryStatus } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const dashboardOf = async (token: string) => (await t.call<Dashboard>('GET', '/api/dashboard', { token })).body;

describe('test factories', () => {
  it('make a workshop whose admin logs in, a second admin, and a published product of that workshop only', async () => {
    const w = await aWorkshop(t);
    const other = await aWorkshop(t);
    const second = await anAdmin(t, w);
    expect(second.user.roles).toEqual(['admin']);
    const product = await aProduct(t, second.token, { price: 12.5 });
    expect(product).toMatchObject({ price: 12.5 });
    expect((await t.call('GET', `/api/products/${product.id}`, { token: w.adminToken })).status).toBe(200);
    expect((await t.call('GET', `/api/products/${product.id}`, { token: other.adminToken })).status).toBe(404);
  });

  it('drive a reservation to each status through its transitions', async () => {
    const w = await aWorkshop(t);
    const statuses = Object.keys(STATUS) as FactoryStatus[];
    for (const status of statuses) {
      const r = await aReservation(t, w, { status });
      const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, r.id));
      expect({ status, stored: row?.status }).toEqual({ status, stored: STATUS[status] });
    }
  });
});

describe("the app's clock (ctx.now())", () => {
  it("dates what the factories make, and moves the dashboard's month at midnight in Amsterdam", async () => {
    const w = await aWorkshop(t);
    // New Year's Eve, 23:59 in Amsterdam (CET, UTC+1).
    t.clock.set(new Date('2026-12-31T22:59:00Z'));
    try {
      expect(t.ctx.now().toISOString()).toBe('2026-12-31T22:59:00.000Z');
      const r = await aReservation(t, w, { status: 'paid', price: 45 });
      // The month's gross is the statement's: the product and its delivery (one netto, docs/decisions/0057).
      const [row] = await t.ctx.db.select().from(reservations).where(eq(reservations.id, r.id));
      const gross = 45 + (row?.deliveryPriceCents ?? 0) / 100;
      const before = await dashboardOf(w.adminToken);
      expect(before.thisMonth).toMatchObject({ month: '2026-12', revenue: gross, reservations: 1 });

      t.clock.advance(2 * 60_000); // 00:01 on New Year's Day
      const after = await dashboardOf(w.adminToken);
      expect(after.thisMonth).toMatchObject({ month: '2027-01', revenue: 0, reservations: 0 });
      expect(after.lastMonth).toMatchObject({ month: '2026-12', revenue: gross, reservations: 1 });
    } finally {
      t.clock.set(null);
    }
    expect(Math.abs(t.ctx.now().getTime() - Date.now())).toBeLessThan(5_000);
  });
});
