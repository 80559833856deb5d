import type { Dashboard, MonthStatements } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutDownloads } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * 'Volgende uitbetaling' on a workshop's home: what it will be paid is its statement's net (the one
 * 'netto', delivery costs included), for last month until the platform made that month's payout file, then for this
 * month; and when the last payout went out.
 */
let t: TestApp;
let admin: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

const dashboard = async (token: string) => (await t.call<Dashboard>('GET', '/api/dashboard', { token })).body;

describe('the next payout', () => {
  it("is last month's statement net until its payout file is made, then this month's", async () => {
    const before = await dashboard(admin);
    const next = before.nextPayout;
    expect(next?.month).toBe(before.lastMonth.month);
    expect(next?.lastPayoutAt).toBeNull();
    const [y = 0, m = 1] = (next?.month ?? '').split('-').map(Number);
    expect(next?.payableFrom).toBe(new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10));
    const statement = await t.call<MonthStatements>('GET', `/api/statements?month=${next?.month}`, { token: admin });
    expect(statement.status).toBe(200);
    expect(next?.netCents).toBe(statement.body.statements[0]?.totals.netCents ?? 0);

    // The super admin made last month's payout file (recorded as the payouts module records each download).
    await t.ctx.db.insert(payoutDownloads).values({
      month: next?.month ?? '',
      messageId: 'AM-TEST-NEXT-PAYOUT',
      numberOfTransfers: 1,
      totalCents: next?.netCents ?? 0,
    });
    const after = (await dashboard(admin)).nextPayout;
    expect(after?.month).toBe(before.thisMonth.month);
    expect(after?.lastPayoutAt).toBeTruthy();
    const current = await t.call<MonthStatements>('GET', `/api/statements?month=${after?.month}`, { token: admin });
    expect(after?.netCents).toBe(current.body.statements[0]?.totals.netCents ?? 0);
  });

  it('is not on the super admin’s dashboard', async () => {
    expect((await dashboard(superAdmin)).nextPayout).toBeNull();
  });
});
