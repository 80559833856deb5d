import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents } from '../../test/event-stream.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeProduct, order } from '../reservations/reservation-fixtures.ts';

/**
 * PostgreSQL's LISTEN lives on one connection of its own (db/listen.ts). When the server ends that connection, the
 * instance listens again and reads from the events table what was written meanwhile: an open stream misses nothing.
 */
describe.runIf(process.env.DATABASE_URL)('the listening connection lost (runs with DATABASE_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is opened again, and an order committed while it was gone still reaches the open stream', async () => {
    const token = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
    const stream = await openEvents(t.baseUrl, token);
    try {
      const [listening] = await t.ctx.database.arrays(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
        [],
      );
      expect(listening).toBeDefined();
      await t.ctx.database.arrays('SELECT pg_terminate_backend($1)', [listening?.[0]]);
      // Placed at once, most likely before the listener is back: it arrives through the catch-up read.
      const p = await makeProduct(t, 'De Draaischijf');
      const placed = (await order(t, [p.id])).body;
      expect(await stream.next((e) => e.reservationId === placed.id)).toMatchObject({ kind: 'reservationCreated' });
      // And the live path works again afterwards.
      const p2 = await makeProduct(t, 'De Draaischijf');
      const again = (await order(t, [p2.id])).body;
      expect(await stream.next((e) => e.reservationId === again.id)).toMatchObject({ kind: 'reservationCreated' });
    } finally {
      await stream.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('a restarted instance whose listening connection is lost', () => {
  it("announces nothing old after it: an open stream gets only what was new (the day's reservations)", async () => {
    // A new instance (as after a restart), on a database of its own so the listeners ended below are only its own:
    // it has handed out no event yet, while the table holds the day's events (the demo's reservations).
    const fresh = await createTestApp();
    const token = await fresh.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
    const stream = await openEvents(fresh.baseUrl, token);
    try {
      const listeners = await fresh.ctx.database.arrays(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
        [],
      );
      for (const [pid] of listeners) await fresh.ctx.database.arrays('SELECT pg_terminate_backend($1)', [pid]);
      // Wait until it listens again, then place one order: the only event the stream may get.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const back = await fresh.ctx.database.arrays(
          `SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
          [],
        );
        if (Number(back[0]?.[0]) >= listeners.length || Date.now() > deadline) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 500));
      const p = await makeProduct(fresh, 'De Draaischijf');
      const placed = (await order(fresh, [p.id])).body;
      await stream.next((e) => e.reservationId === placed.id);
      expect(stream.events.map((e) => e.reservationId)).toEqual([placed.id]);
    } finally {
      await stream.close();
      await fresh.close();
    }
  });
});
