import { EVENTS_RETRY_MS, type ReservationEvent } from '@ateliermarkt/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RECONNECT_PAUSE_MS, reconnectPause, runEventStream } from './event-stream.ts';

const event = (id: number, orderNumber = `AM-${100000 + id}`): ReservationEvent => ({
  id,
  kind: 'reservationCreated',
  reservationId: '2f1c2b1e-1d0a-4c3b-9a8b-7c6d5e4f3a21',
  orderNumber,
  tenantId: '7a1c2b1e-1d0a-4c3b-9a8b-7c6d5e4f3a21',
  fromStatus: null,
  toStatus: 0,
  time: '2026-11-24T03:00:00.000Z',
});
const frame = (e: ReservationEvent) => `id: ${e.id}\nevent: ${e.kind}\ndata: ${JSON.stringify(e)}\n\n`;

/** A response whose body sends `chunks` (split anywhere) and then ends: a stream that drops. */
function streamResponse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('the event stream client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  /** Starts the client; set the fetch answers first (it connects at once). `stop` ends it. */
  function run(
    overrides: { refresh?: () => Promise<boolean>; token?: () => string | null; stop?: AbortController } = {},
  ) {
    const controller = overrides.stop ?? new AbortController();
    const received: ReservationEvent[] = [];
    const pauses: number[] = [];
    const onOpen = vi.fn();
    const onExpired = vi.fn();
    const done = runEventStream({
      getToken: overrides.token ?? (() => 'token-1'),
      refresh: overrides.refresh ?? (async () => false),
      onExpired,
      onEvent: (e) => received.push(e),
      onOpen,
      signal: controller.signal,
      sleep: async (ms) => {
        pauses.push(ms);
      },
    });
    return { controller, received, pauses, onOpen, onExpired, done };
  }

  it('reads events split across chunks, reconnects after a drop with Last-Event-ID, and catches up on each open', async () => {
    const stop = new AbortController();
    const text = `retry: 2000\n: verbonden\n\n${frame(event(7))}${frame(event(8))}`;
    fetchMock
      .mockResolvedValueOnce(streamResponse([text.slice(0, 15), text.slice(15, 90), text.slice(90)]))
      .mockImplementationOnce(async () => {
        stop.abort();
        return streamResponse([frame(event(9))]);
      });
    const second = run({ stop });
    await second.done;
    expect(second.received.map((e) => e.id)).toEqual([7, 8, 9]);
    expect(second.received[0]?.orderNumber).toBe('AM-100007');
    const [, init] = fetchMock.mock.calls[1] ?? [];
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/events');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Last-Event-ID');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Last-Event-ID': '8' });
    // After a stream that worked: the server's retry, not a growing pause.
    expect(second.pauses[0]).toBe(2000);
    expect(second.onOpen).toHaveBeenCalledTimes(2);
  });

  it('backs off, doubling up to a limit, while the server cannot be reached; starts over once it can', async () => {
    const stop = new AbortController();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{}', { status: 503 }))
      .mockResolvedValueOnce(streamResponse([frame(event(1))]))
      .mockImplementationOnce(async () => {
        stop.abort();
        throw new DOMException('aborted', 'AbortError');
      });
    const s = run({ stop });
    await s.done;
    expect(s.pauses).toEqual([EVENTS_RETRY_MS * 2, EVENTS_RETRY_MS * 4, EVENTS_RETRY_MS * 8, EVENTS_RETRY_MS]);
    expect(s.received.map((e) => e.id)).toEqual([1]);
    expect(reconnectPause(20, EVENTS_RETRY_MS)).toBe(MAX_RECONNECT_PAUSE_MS);
  });

  it('refreshes once on 401 and reconnects with the new token; a refresh that fails ends the session', async () => {
    let token = 'old';
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    fetchMock
      .mockResolvedValueOnce(new Response('{}', { status: 401 }))
      .mockResolvedValueOnce(new Response('{}', { status: 401 }));
    const s = run({ refresh, token: () => token });
    await s.done;
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer new' });
    expect(s.onExpired).toHaveBeenCalledTimes(1);
  });

  it('does not connect without a session', async () => {
    const s = run({ token: () => null });
    await s.done;
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
