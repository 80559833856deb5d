import type { ErrorEnvelope, Reservation } from '@ateliermarkt/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { freePort } from '../../test/server-process.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // A mail server that is not there: nothing listens on this port.
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
});
afterAll(async () => {
  await t?.close();
});

describe('a transition whose mail cannot be sent', () => {
  it('is rolled back: the status, the products and the audit log stay as they were, and the admin gets an error', async () => {
    const open = await t.call<Reservation[]>('GET', '/api/reservations/all?status=open', { token: admin });
    const target = open.body.find((r) => r.status.code === 0 && !r.isPaused);
    if (!target) throw new Error('the demo data has no new reservation in De Draaischijf');
    const before = await t.call<Reservation>('GET', `/api/reservations/${target.id}`, { token: admin });

    const res = await t.call<ErrorEnvelope>('POST', `/api/reservations/${target.id}/confirm`, { token: admin });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.body.error.message).toBeTruthy();

    const after = await t.call<Reservation>('GET', `/api/reservations/${target.id}`, { token: admin });
    expect(after.body).toEqual(before.body);
    const audited = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, target.id), eq(auditLog.action, 'reservation.confirm')));
    expect(audited).toEqual([]);
  });
});
