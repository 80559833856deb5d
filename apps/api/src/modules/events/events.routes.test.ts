import { type ErrorEnvelope, EVENTS_RETRY_MS } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents } from '../../test/event-stream.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeProduct, order, sign } from '../reservations/reservation-fixtures.ts';

/** `GET /api/events` over real HTTP (docs/decisions/0028). */

const A = 'De Draaischijf';
const B = 'Glasatelier Helder';
let t: TestApp;
let adminA: string;
let adminB: string;
let userA: string;
let superAdmin: string;
let workshopA: string;
let workshopB: string;

beforeAll(async () => {
  // A request timeout far below the streams' life here: it must not cut them.
  t = await createTestApp({ EVENTS_HEARTBEAT: '1s', REQUEST_TIMEOUT: '2s', HEADERS_TIMEOUT: '1s' });
  adminA = await t.tokenFor('beheer@dedraaischijf.nl', A);
  adminB = await t.tokenFor('beheer@glasatelierhelder.nl', B);
  userA = await t.tokenFor('medewerker@dedraaischijf.nl', A);
  superAdmin = await t.tokenFor('admin@ateliermarkt.nl', null);
  workshopA = await t.tenantId(A);
  workshopB = await t.tenantId(B);
});
afterAll(async () => {
  await t?.close();
});

/** Places an order through the shop API for a new product of `workshop`. */
async function placeOrder(workshop: string) {
  const p = await makeProduct(t, workshop);
  const placed = await order(t, [p.id]);
  expect(placed.status).toBe(201);
  return placed.body;
}

describe('GET /api/events', () => {
  it('refuses anonymous callers and bad tokens with 401', async () => {
    expect((await t.call<ErrorEnvelope>('GET', '/api/events')).status).toBe(401);
    expect((await t.call('GET', '/api/events', { token: 'nope' })).status).toBe(401);
  });

  it('is an uncompressed event stream with retry, headers a proxy keeps open, and heartbeats past the request timeout', async () => {
    const stream = await openEvents(t.baseUrl, adminA, { 'accept-encoding': 'br, gzip, deflate' });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.response.headers.get('content-encoding')).toBeNull();
      expect(stream.response.headers.get('cache-control')).toBe('no-store, no-transform');
      expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
      // Four heartbeats at 1 s: the stream outlives REQUEST_TIMEOUT (2 s) and still delivers.
      await stream.heartbeats(4);
      expect(stream.retry).toBe(EVENTS_RETRY_MS);
      const placed = await placeOrder(A);
      expect((await stream.next((e) => e.reservationId === placed.id)).kind).toBe('reservationCreated');
    } finally {
      await stream.close();
    }
  });

  it("a workshop's admin and user get its new reservation, status change and payment; the other workshop nothing", async () => {
    const a = await openEvents(t.baseUrl, adminA);
    const u = await openEvents(t.baseUrl, userA);
    const b = await openEvents(t.baseUrl, adminB);
    const s = await openEvents(t.baseUrl, superAdmin);
    try {
      const placed = await placeOrder(A);
      const created = await a.next();
      expect(created).toMatchObject({
        kind: 'reservationCreated',
        reservationId: placed.id,
        orderNumber: placed.orderNumber,
        tenantId: workshopA,
        fromStatus: null,
        toStatus: 0,
      });
      expect(Number.isNaN(Date.parse(created.time))).toBe(false);
      expect(await u.next()).toEqual(created);
      expect(await s.next((e) => e.reservationId === placed.id)).toEqual(created);

      expect((await t.call('POST', `/api/reservations/${placed.id}/confirm`, { token: adminA })).status).toBe(204);
      expect(await a.next()).toMatchObject({
        kind: 'reservationStatusChanged',
        reservationId: placed.id,
        orderNumber: placed.orderNumber,
        fromStatus: 0,
        toStatus: 2,
      });

      const body = JSON.stringify({ reservationId: placed.id, status: 'paid' });
      const paid = await t.call('POST', '/api/payments/webhook', {
        raw: body,
        headers: { 'content-type': 'application/json', 'x-signature': sign(t.ctx.config.paymentWebhookSecret, body) },
      });
      expect(paid.status).toBe(204);
      expect(await a.next()).toMatchObject({
        kind: 'reservationPaid',
        reservationId: placed.id,
        fromStatus: 2,
        toStatus: 3,
      });

      // B's order reaches B and the super admin; A's streams see A's next order and nothing in between.
      const other = await placeOrder(B);
      expect(await b.next()).toMatchObject({ reservationId: other.id, tenantId: workshopB });
      expect(await s.next((e) => e.reservationId === other.id)).toMatchObject({ tenantId: workshopB });
      const sentinel = await placeOrder(A);
      expect(await a.next()).toMatchObject({ reservationId: sentinel.id });
      expect(await u.next((e) => e.reservationId === sentinel.id)).toMatchObject({ tenantId: workshopA });
      for (const seen of [a.events, u.events]) expect(seen.every((e) => e.tenantId === workshopA)).toBe(true);
      expect(b.events.every((e) => e.tenantId === workshopB)).toBe(true);
    } finally {
      await Promise.all([a, u, b, s].map((stream) => stream.close()));
    }
  });

  it("resumes after Last-Event-ID with what was missed, of the caller's own workshop only", async () => {
    const first = await openEvents(t.baseUrl, adminA);
    const before = await placeOrder(A);
    const last = await first.next((e) => e.reservationId === before.id);
    await first.close();
    // While away: one order in A, one in B.
    const missedB = await placeOrder(B);
    const missedA = await placeOrder(A);
    const again = await openEvents(t.baseUrl, adminA, { 'last-event-id': String(last.id) });
    try {
      expect(await again.next()).toMatchObject({ reservationId: missedA.id, kind: 'reservationCreated' });
      const live = await placeOrder(A);
      expect(await again.next()).toMatchObject({ reservationId: live.id });
      expect(again.events.map((e) => e.reservationId)).not.toContain(missedB.id);
      expect(again.events.map((e) => e.reservationId)).toEqual([missedA.id, live.id]);
    } finally {
      await again.close();
    }
  });

  it('ends the stream when its session is revoked (log-out), within a few seconds', async () => {
    const token = await t.tokenFor('beheer@dedraaischijf.nl', A);
    const stream = await openEvents(t.baseUrl, token);
    expect(stream.response.status).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', { token, body: {} })).status).toBe(204);
    // Resolves only when the server ends the stream (the session check runs every SESSION_RECHECK_MS).
    await stream.ended;
    expect((await t.call('GET', '/api/events', { token })).status).toBe(401);
  });
});
