import type { Reservation } from '@ateliermarkt/contract';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, reservations, tenants, workspaces } from '../../../db/schema/index.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { makeProduct, order } from '../reservation-fixtures.ts';

/** Tests of the deadlines: wait for what the real scheduler does, never a fixed time. */

/** Calls `read` until `done` holds (every 100 ms, for at most `limitMs`); the last value either way. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs = 30_000): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const WORKSHOP = 'De Draaischijf';

/** A new reservation of a fresh unique product of De Draaischijf, placed through the shop. */
export async function placeNew(
  t: TestApp,
  productId?: string,
): Promise<{ id: string; orderNumber: string; productId: string }> {
  const pid = productId ?? (await makeProduct(t, WORKSHOP)).id;
  const res = await order(t, [pid]);
  if (res.status >= 300) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.id, orderNumber: res.body.orderNumber, productId: pid };
}

export async function reservationOf(t: TestApp, token: string, id: string): Promise<Reservation> {
  return (await t.call<Reservation>('GET', `/api/reservations/${id}`, { token })).body;
}

/** Moves a reservation's start back in time (placed, or approved) by `ms`. */
export async function startedAgo(t: TestApp, id: string, ms: number, clock: 'placed' | 'approved' = 'placed') {
  const at = sql`now() - ${ms}::float8 * interval '1 millisecond'`;
  await t.ctx.db
    .update(reservations)
    .set(clock === 'placed' ? { createdAt: at } : { confirmedAt: at })
    .where(eq(reservations.id, id));
}

/** Sets (or clears) De Draaischijf's holiday: days relative to today in the Netherlands, inclusive. */
export async function holiday(t: TestApp, fromDays: number | null, toDays: number | null) {
  const [workshop] = await t.ctx.db.select().from(tenants).where(eq(tenants.name, WORKSHOP));
  if (!workshop) throw new Error('no workshop');
  const day = (n: number) => sql`((now() at time zone 'Europe/Amsterdam')::date + ${n}::int)`;
  await t.ctx.db
    .update(workspaces)
    .set({
      holidayFrom: fromDays === null ? null : (day(fromDays) as unknown as string),
      holidayTo: toDays === null ? null : (day(toDays) as unknown as string),
    })
    .where(eq(workspaces.tenantId, workshop.id));
}

/** The audit entries of one reservation with this action. */
export async function auditOf(t: TestApp, id: string, action: string) {
  return t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));
}
