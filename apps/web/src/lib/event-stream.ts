/**
 * Keeps the server's event stream (`GET /api/events`, docs/decisions/0028) open. Read with fetch and a stream reader,
 * not EventSource, since the token goes in the Authorization header. After a drop it reconnects on its own: first
 * after the server's `retry:`, then with a doubling pause up to a limit, and sends the last event's id as
 * `Last-Event-ID` so the server sends what was missed. A 401 gets one refresh of the session; when that fails the
 * session ends and so does the stream. `onOpen` is called on every (re)connection: whatever was missed beyond the
 * server's memory is caught up by reloading.
 */
import { API_BASE, EVENTS_RETRY_MS, type ReservationEvent, reservationEventSchema } from '@ateliermarkt/contract';
import { createParser } from 'eventsource-parser';

export const MAX_RECONNECT_PAUSE_MS = 30_000;

export type EventStreamOptions = {
  /** The current access token, or null when logged out (the stream then stops). */
  getToken: () => string | null;
  /** Refreshes the session after a 401; false ends the stream. */
  refresh: () => Promise<boolean>;
  /** The session could not be refreshed. */
  onExpired: () => void;
  onEvent: (event: ReservationEvent) => void;
  onOpen?: () => void;
  /** Stops the stream for good. */
  signal: AbortSignal;
  /** For tests: the pause between attempts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** The pause before attempt number `failures` (0 after a stream that worked), given the server's `retry`. */
export function reconnectPause(failures: number, retryMs: number): number {
  return Math.min(retryMs * 2 ** failures, MAX_RECONNECT_PAUSE_MS);
}

/** Runs until `signal` aborts or the session is gone. */
export async function runEventStream(options: EventStreamOptions): Promise<void> {
  const { signal } = options;
  const sleep = options.sleep ?? defaultSleep;
  let lastEventId: string | null = null;
  let retryMs = EVENTS_RETRY_MS;
  /** Attempts in a row that did not open a stream. */
  let failures = 0;
  let refreshed = false;

  while (!signal.aborted) {
    const token = options.getToken();
    if (!token) return;
    let opened = false;
    try {
      const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await fetch(`${API_BASE}/events`, { headers, signal, cache: 'no-store' });
      if (response.status === 401) {
        // The token expired or the session ended: one refresh, then again at once.
        if (!refreshed && (await options.refresh())) {
          refreshed = true;
          continue;
        }
        options.onExpired();
        return;
      }
      if (response.ok && response.body) {
        opened = true;
        refreshed = false;
        failures = 0;
        options.onOpen?.();
        const parser = createParser({
          onEvent: (message) => {
            if (message.id) lastEventId = message.id;
            let data: unknown;
            try {
              data = JSON.parse(message.data);
            } catch {
              return;
            }
            const parsed = reservationEventSchema.safeParse(data);
            if (parsed.success) options.onEvent(parsed.data);
          },
          onRetry: (ms) => {
            retryMs = ms;
          },
        });
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
        }
      }
    } catch {
      // A network failure or the abort: the pause below, or the loop's end.
    }
    if (signal.aborted) return;
    if (!opened) failures += 1;
    await sleep(reconnectPause(opened ? 0 : failures, retryMs), signal);
  }
}
