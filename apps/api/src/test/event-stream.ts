import { type ReservationEvent, reservationEventSchema } from '@ateliermarkt/contract';
import { createParser } from 'eventsource-parser';

/**
 * A test's reader of `GET /api/events` over real HTTP: what arrives is kept in order; `next` waits for the next
 * event that matches (no sleeps: the test's own timeout is the limit), `ended` resolves when the server ends it.
 */
export async function openEvents(baseUrl: string, token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: ReservationEvent[] = [];
  const comments: string[] = [];
  let retry: number | null = null;
  let waiters: (() => void)[] = [];
  const wake = () => {
    const now = waiters;
    waiters = [];
    for (const w of now) w();
  };
  const parser = createParser({
    onEvent: (message) => {
      const event = reservationEventSchema.parse(JSON.parse(message.data));
      if (String(event.id) !== message.id || event.kind !== message.event) throw new Error('id/event lines differ');
      events.push(event);
      wake();
    },
    onComment: (comment) => {
      comments.push(comment.trim());
      wake();
    },
    onRetry: (ms) => {
      retry = ms;
    },
  });
  let done = false;
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // aborted by close()
    } finally {
      done = true;
      wake();
    }
  })();

  async function until(check: () => boolean) {
    while (!check()) {
      if (done) throw new Error('the stream ended');
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  let read = 0;
  return {
    response,
    events,
    comments,
    get retry() {
      return retry;
    },
    /** The next event (after those already taken) for which `match` holds; the ones before it are skipped. */
    async next(match: (event: ReservationEvent) => boolean = () => true): Promise<ReservationEvent> {
      let found: ReservationEvent | undefined;
      await until(() => {
        while (read < events.length) {
          const event = events[read++] as ReservationEvent;
          if (match(event)) {
            found = event;
            return true;
          }
        }
        return false;
      });
      return found as ReservationEvent;
    },
    /** Waits for `n` more heartbeat comments. */
    async heartbeats(n: number) {
      const target = comments.filter((c) => c === 'ping').length + n;
      await until(() => comments.filter((c) => c === 'ping').length >= target);
    },
    ended,
    close() {
      controller.abort();
      return ended;
    },
  };
}
