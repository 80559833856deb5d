/**
 * One open event stream (text/event-stream, docs/decisions/0028). It starts with `retry:`, resumes after the client's
 * `Last-Event-ID` from the events table, then sends what the hub hands it, with a comment line every heartbeat so
 * proxies keep it open. It ends when the client goes, the server stops (hub.closeAll), the session is no longer
 * current (checked every few seconds, as every request checks it) or the access token expires (the client then
 * reconnects with a refreshed one).
 */
import { PassThrough } from 'node:stream';
import { EVENTS_RETRY_MS, type ReservationEvent } from '@ateliermarkt/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor, SessionCheck } from '../../plugins/auth.ts';
import { type EventHub, mayReceive } from './events.hub.ts';

/** How often an open stream asks whether its session is still current: "within a few seconds" of a revocation. */
export const SESSION_RECHECK_MS = 2000;
/** A client that reads nothing while this much is waiting for it is dropped (it reconnects and resumes). */
const MAX_BUFFERED = 1024 * 1024;
/** setTimeout's limit; a token lives far shorter anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function formatEvent(event: ReservationEvent): string {
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** `Last-Event-ID` as an event id, or null when absent or not one. */
export function parseLastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

export async function openEventStream(options: {
  hub: EventHub;
  sessions: SessionCheck;
  actor: Actor;
  /** When the access token expires (ms since the epoch). */
  expiresAt: number;
  lastEventId: number | null;
  heartbeatMs: number;
  log: FastifyBaseLogger;
}): Promise<PassThrough> {
  const { hub, actor } = options;
  const stream = new PassThrough();
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe = () => {};
  let ended = false;

  const end = () => {
    if (ended) return;
    ended = true;
    unsubscribe();
    for (const timer of timers) clearTimeout(timer);
    stream.end();
  };
  stream.on('close', end);
  const write = (text: string) => {
    if (ended) return;
    if (stream.writableLength > MAX_BUFFERED) {
      end();
      return;
    }
    stream.write(text);
  };

  // Subscribed before the missed events are read, so nothing falls between the two; held back until they are sent.
  // A missed event's own notification can still arrive after that (PostgreSQL delivers notifications on their own
  // connection, at their own pace): what the catch-up sent is never sent again.
  let held: ReservationEvent[] | null = [];
  const sent = new Set<number>();
  unsubscribe = hub.subscribe({
    actor,
    send: (event) => {
      if (held) held.push(event);
      else if (!sent.has(event.id)) write(formatEvent(event));
    },
    close: end,
  });
  write(`retry: ${EVENTS_RETRY_MS}\n: verbonden\n\n`);
  try {
    if (options.lastEventId !== null) {
      for (const event of await hub.since(actor, options.lastEventId)) {
        sent.add(event.id);
        write(formatEvent(event));
      }
    }
  } catch (error) {
    end();
    throw error;
  }
  for (const event of held) {
    if (!sent.has(event.id) && mayReceive(actor, event)) write(formatEvent(event));
  }
  held = null;

  const heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);
  const recheck = setInterval(() => {
    options.sessions.isCurrent(actor).then(
      (current) => {
        if (!current) end();
      },
      (err: unknown) => {
        options.log.warn({ err }, 'events: session check failed; stream ended');
        end();
      },
    );
  }, SESSION_RECHECK_MS);
  const expiry = setTimeout(end, Math.min(Math.max(0, options.expiresAt - Date.now()), MAX_TIMER_MS));
  timers.push(heartbeat, recheck, expiry);
  for (const timer of timers) timer.unref();
  return stream;
}
