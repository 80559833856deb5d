/**
 * Every write to a reservation or its lines carries the tenant and the status it relies on: a write that
 * races a status change does nothing and answers 409. The race is made deterministic: the status is changed (and
 * committed) just before the service opens the transaction of its write, i.e. after it read the reservation and
 * decided the write was allowed.
 */
import { type ErrorEnvelope, STATUS } from '@ateliermarkt/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationProducts, reservations } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeProduct, order } from '../reservation-fixtures.ts';
import { markLineUnavailable, updateReservation, type WriteTarget } from '../reservations.repository.ts';

let t: TestApp;
let admin: string;
let superAdmin: string;
const WORKSHOP = 'De Draaischijf';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.tokenFor('beheer@dedraaischijf.nl', WORKSHOP);
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
});
afterAll(async () => {
  await t?.close();
});

const row = async (id: string) => (await t.ctx.db.select().from(reservations).where(eq(reservations.id, id)))[0];
const setStatus = (id: string, status: number) =>
  t.ctx.db.update(reservations).set({ status }).where(eq(reservations.id, id));

async function placed(status: 'new' | 'awaitingPayment' = 'new') {
  const p = await makeProduct(t, WORKSHOP);
  const res = await order(t, [p.id]);
  expect(res.status).toBe(201);
  const id = res.body.id;
  if (status === 'awaitingPayment') {
    expect((await t.call('POST', `/api/reservations/${id}/confirm`, { token: admin })).status).toBe(204);
  }
  await t.settled();
  return { id, productId: p.id };
}

/**
 * Runs `change` (committed) when the next transaction begins: the service has read the reservation by then and is
 * about to write. Returns whether it ran (so a test cannot pass because the race never happened).
 */
function raceNextWrite(change: () => Promise<unknown>) {
  const db = t.ctx.db;
  const real = db.transaction;
  const fired = { value: false };
  db.transaction = (async (...args: Parameters<typeof real>) => {
    db.transaction = real;
    await change();
    fired.value = true;
    return real.apply(db, args);
  }) as typeof real;
  return fired;
}

describe('a write racing a status change changes nothing: 409', () => {
  for (const token of ['admin', 'superAdmin'] as const) {
    it(`track & trace on a reservation rejected meanwhile (${token})`, async () => {
      const { id } = await placed('awaitingPayment');
      const fired = raceNextWrite(() => setStatus(id, STATUS.rejected));
      const res = await t.call<ErrorEnvelope>('PUT', `/api/reservations/${id}/trackandtrace`, {
        token: token === 'admin' ? admin : superAdmin,
        body: { trackAndTrace: '3SABCD1234567' },
      });
      expect(fired.value).toBe(true);
      expect(res.status).toBe(409);
      expect((await row(id))?.trackAndTrace).toBeNull();
    });
  }

  it('removing a product from a reservation rejected meanwhile', async () => {
    const { id, productId } = await placed();
    const fired = raceNextWrite(() => setStatus(id, STATUS.rejected));
    const res = await t.call('PUT', `/api/reservations/${id}/products/${productId}/availability`, { token: admin });
    expect(fired.value).toBe(true);
    expect(res.status).toBe(409);
    const [line] = await t.ctx.db.select().from(reservationProducts).where(eq(reservationProducts.reservationId, id));
    expect(line?.isAvailable).toBe(true);
  });

  it('changing the packages of a reservation paid meanwhile', async () => {
    const { id } = await placed('awaitingPayment');
    const before = await row(id);
    const fired = raceNextWrite(() => setStatus(id, STATUS.paid));
    const res = await t.call('PUT', `/api/reservations/${id}/packages/5`, { token: admin, body: { quantity: 2 } });
    expect(fired.value).toBe(true);
    expect(res.status).toBe(409);
    const after = await row(id);
    expect([after?.deliveryMethodId, after?.deliveryQuantity]).toEqual([before?.deliveryMethodId, 1]);
  });

  it('a payment reminder for a reservation paid meanwhile', async () => {
    const { id } = await placed('awaitingPayment');
    const before = await row(id);
    const fired = raceNextWrite(() => setStatus(id, STATUS.paid));
    const res = await t.call('POST', `/api/reservations/${id}/send-payment-reminder`, { token: admin });
    expect(fired.value).toBe(true);
    expect(res.status).toBe(409);
    expect((await row(id))?.paymentTokenHash).toBe(before?.paymentTokenHash);
  });

  it('approving a reservation rejected meanwhile', async () => {
    const { id } = await placed();
    const fired = raceNextWrite(() => setStatus(id, STATUS.rejected));
    const res = await t.call('POST', `/api/reservations/${id}/confirm`, { token: admin });
    expect(fired.value).toBe(true);
    expect(res.status).toBe(409);
    expect((await row(id))?.status).toBe(STATUS.rejected);
  });
});

describe('the writes of the repository carry the tenant and the status', () => {
  it('a target with another tenant, or another status, changes nothing', async () => {
    const { id, productId } = await placed();
    const own = (await row(id))?.tenantId ?? '';
    const [other] = await t.ctx.db
      .select({ tenantId: reservations.tenantId })
      .from(reservations)
      .where(and(eq(reservations.status, STATUS.new)))
      .limit(50)
      .then((rows) => rows.filter((r) => r.tenantId !== own));
    const otherWorkshop = other?.tenantId ?? '00000000-0000-4000-8000-000000000000';
    const target: WriteTarget = { id, tenantId: own, status: STATUS.new };
    for (const wrong of [
      { ...target, tenantId: otherWorkshop },
      { ...target, status: STATUS.awaitingPayment },
    ] as WriteTarget[]) {
      expect(await updateReservation(t.ctx.db, wrong, { trackAndTrace: 'X' })).toBeUndefined();
      expect(await markLineUnavailable(t.ctx.db, wrong, productId)).toBe(false);
    }
    expect((await row(id))?.trackAndTrace).toBeNull();
    expect(await updateReservation(t.ctx.db, target, { trackAndTrace: 'X' })).toEqual({ tenantId: own });
    expect(await markLineUnavailable(t.ctx.db, target, productId)).toBe(true);
  });
});
