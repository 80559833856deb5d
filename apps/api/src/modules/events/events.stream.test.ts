import type { ReservationEvent } from '@ateliermarkt/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../plugins/auth.ts';
import type { EventHub } from './events.hub.ts';
import { openEventStream } from './events.stream.ts';

const WORKSHOP = '0b7a4a8e-5d0c-4a55-9d43-0d6f2c1c3a01';
const actor: Actor = {
  userId: 'u1',
  tenantId: WORKSHOP,
  role: 'workshop-admin',
  kind: 'workshopAdmin',
  sessionId: 's1',
};
const event = (id: number): ReservationEvent => ({
  id,
  kind: 'reservationCreated',
  reservationId: `5f0e2b1c-7d3a-4e6b-9c2d-${String(id).padStart(12, '0')}`,
  orderNumber: `AM-${id}`,
  tenantId: WORKSHOP,
  fromStatus: null,
  toStatus: 1,
  time: '2026-11-27T12:00:00.000Z',
});

/** A hub whose catch-up answers `missed`, and which hands the test the stream's subscriber. */
function hubWith(missed: ReservationEvent[]) {
  let subscriber: { send: (e: ReservationEvent) => void; close: () => void } | null = null;
  const hub = {
    subscribe(s: typeof subscriber) {
      subscriber = s;
      return () => {
        subscriber = null;
      };
    },
    since: async () => missed,
  } as unknown as EventHub;
  return { hub, subscriber: () => subscriber };
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('an event stream resuming after Last-Event-ID', () => {
  it('sends a missed event once, also when its own notification arrives after the catch-up', async () => {
    const { hub, subscriber } = hubWith([event(31)]);
    const stream = await openEventStream({
      hub,
      sessions: { isCurrent: async () => true },
      actor,
      expiresAt: Date.now() + 60_000,
      lastEventId: 30,
      heartbeatMs: 60_000,
      log: pino({ level: 'silent' }),
    });
    // PostgreSQL delivers the notification of event 31 late, after the stream has read it from the table.
    subscriber()?.send(event(31));
    subscriber()?.send(event(32));
    subscriber()?.close();
    const ids = [...(await text(stream)).matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([31, 32]);
  });
});
