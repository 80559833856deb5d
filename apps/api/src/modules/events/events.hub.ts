/**
 * One LISTEN per instance on channel `reservation_events` (docs/decisions/0028), fanned out in process to the open
 * streams. The database writes and notifies every event itself (trigger of migration 0013), on commit, to every
 * instance on that database: an order placed on instance B reaches a stream open on instance A.
 */
import { type ReservationEvent, reservationEventSchema } from '@ateliermarkt/contract';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import type { Unlisten } from '../../db/listen.ts';
import { reservationEvents } from '../../db/schema/index.ts';
import type { Jobs } from '../../lib/jobs.ts';
import type { Actor } from '../../plugins/auth.ts';

export const EVENTS_CHANNEL = 'reservation_events';
/** How long events are kept for a client that resumes (`Last-Event-ID`). */
const KEEP = '1 day';
/** At most this many missed events are sent on resume; a client that missed more reloads its lists anyway. */
const RESUME_LIMIT = 500;

/** The tenant filter: a workshop's admins and users get their own workshop's events, the super admin every one. */
export function mayReceive(actor: Pick<Actor, 'kind' | 'tenantId'>, event: Pick<ReservationEvent, 'tenantId'>) {
  return actor.kind === 'superAdmin' || (actor.tenantId !== null && actor.tenantId === event.tenantId);
}

type Row = typeof reservationEvents.$inferSelect;
function fromRow(row: Row): ReservationEvent {
  return {
    id: row.id,
    kind: row.kind,
    reservationId: row.reservationId,
    orderNumber: row.orderNumber,
    tenantId: row.tenantId,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    time: row.createdAt.toISOString(),
  };
}

/** A NOTIFY payload (the trigger's JSON) as an event, or null when it is not one. */
export function parsePayload(payload: string): ReservationEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = reservationEventSchema.safeParse(value);
  if (!parsed.success) return null;
  return { ...parsed.data, time: new Date(parsed.data.time).toISOString() };
}

export type Subscriber = { actor: Actor; send: (event: ReservationEvent) => void; close: () => void };

export type EventHub = ReturnType<typeof createEventHub>;

export function createEventHub(database: Database, db: Db, log: FastifyBaseLogger) {
  /**
   * Each open stream with the newest event id there was when it opened, and the ids it was sent (the newest 500).
   * A notification goes to every stream once; an event read by a catch-up only to streams that opened before it.
   * (Ids are given at insert, commits may come out of order: live notifications are not filtered by id.)
   */
  const subscribers = new Map<Subscriber, { openedAfter: number; sent: Set<number> }>();
  let unlisten: Unlisten | null = null;
  /**
   * The newest event id this instance knows of: after a lost LISTEN connection it reads on from there. Set from the
   * table at start: left at 0, a catch-up on an instance that had handed out nothing yet read the whole day's events
   * and every open tab announced them as new.
   */
  let lastId = 0;

  function dispatch(event: ReservationEvent, caughtUp = false) {
    if (event.id > lastId) lastId = event.id;
    for (const [subscriber, position] of subscribers) {
      if (position.sent.has(event.id) || (caughtUp && event.id <= position.openedAfter)) continue;
      position.sent.add(event.id);
      if (position.sent.size > 500) position.sent.delete(position.sent.values().next().value as number);
      if (mayReceive(subscriber.actor, event)) subscriber.send(event);
    }
  }

  async function newestId(): Promise<number> {
    const [row] = await db.select({ id: sql<string | null>`max(${reservationEvents.id})` }).from(reservationEvents);
    return Number(row?.id ?? 0);
  }

  async function catchUp() {
    const rows = await db
      .select()
      .from(reservationEvents)
      .where(gt(reservationEvents.id, lastId))
      .orderBy(asc(reservationEvents.id))
      .limit(RESUME_LIMIT);
    for (const row of rows) dispatch(fromRow(row), true);
  }

  return {
    async start() {
      unlisten = await database.listen(
        EVENTS_CHANNEL,
        (payload) => {
          const event = parsePayload(payload);
          if (event) dispatch(event);
          else log.warn({ payload: payload.slice(0, 200) }, 'events: a notification that is not an event');
        },
        {
          onReconnect: () => {
            catchUp().catch((err: unknown) => log.warn({ err }, 'events: catching up after a lost connection failed'));
          },
          onError: (err) => log.warn({ err }, 'events: listening connection lost'),
        },
      );
      // After LISTEN: what is committed from now on arrives as a notification, what was before is not new.
      lastId = Math.max(lastId, await newestId());
    },
    /** Ends every open stream (shutdown: an open stream must not keep the server running). */
    closeAll() {
      for (const subscriber of [...subscribers.keys()]) subscriber.close();
      subscribers.clear();
    },
    async stop() {
      const stop = unlisten;
      unlisten = null;
      await stop?.();
    },
    subscribe(subscriber: Subscriber): () => void {
      subscribers.set(subscriber, { openedAfter: lastId, sent: new Set() });
      return () => {
        subscribers.delete(subscriber);
      };
    },
    get size() {
      return subscribers.size;
    },
    /** The events after `afterId` that `actor` may see (a client resuming with Last-Event-ID), oldest first. */
    async since(actor: Actor, afterId: number): Promise<ReservationEvent[]> {
      const workshopId = actor.kind === 'superAdmin' ? null : actor.tenantId;
      if (actor.kind !== 'superAdmin' && !workshopId) return [];
      const rows = await db
        .select()
        .from(reservationEvents)
        .where(
          and(gt(reservationEvents.id, afterId), workshopId ? eq(reservationEvents.tenantId, workshopId) : undefined),
        )
        .orderBy(asc(reservationEvents.id))
        .limit(RESUME_LIMIT);
      return rows.map(fromRow);
    },
  };
}

/** Old events go: kept a day for clients that resume. */
export function registerEventsCleanup(runner: Jobs, db: Db, everyMs: number) {
  runner.every('events.cleanup', everyMs, async () => {
    await db.delete(reservationEvents).where(lte(reservationEvents.createdAt, sql`now() - ${KEEP}::interval`));
  });
}
