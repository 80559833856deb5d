import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';

/** How long the server keeps answering after the signal before it stops accepting (at most a quarter of the limit). */
const DRAIN_MS = 1000;
/** Quiet before closing: no new connection and no request read for this long, seen twice with I/O polled between. */
const QUIET_MS = 100;

/** How long past the limit the watchdog thread waits for the main thread's own exit (code 1) before it kills. */
const WATCHDOG_GRACE_MS = 1000;

/**
 * The limit kept by a thread of its own: the main thread's timer fires only when its event loop gets a turn, and the
 * embedded database's queries (and any CPU-bound work) run on that loop: under load the 10 s limit ran 16–24 s. The
 * watchdog's loop is free; at the limit plus a grace it writes a line and ends the process with SIGKILL.
 */
function startWatchdog(ms: number) {
  const code = `
    const { workerData } = require('node:worker_threads');
    setTimeout(() => {
      require('node:fs').writeSync(2, JSON.stringify({ level: 50, time: Date.now(), msg: 'shutdown took too long: killed by the watchdog', timeoutMs: workerData.timeoutMs }) + '\\n');
      process.kill(process.pid, 'SIGKILL');
    }, workerData.ms);`;
  const worker = new Worker(code, { eval: true, workerData: { ms: ms + WATCHDOG_GRACE_MS, timeoutMs: ms } });
  worker.unref();
}

/** Resolves after `ms`, and then after one turn of the event loop's I/O poll (setImmediate runs after it). */
const tick = (ms: number) => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), ms));

/**
 * A graceful stop on SIGTERM (and Ctrl-C), within `timeoutMs`:
 * 1. draining (1 s at least): every request is still answered, each answer with `Connection: close` so keep-alive
 *    connections end with it. In this time the connections that reached the machine just before the signal are
 *    accepted and read: closing the server at once resets them (Node closes every connection that has not yet sent a
 *    request, and the kernel resets those still waiting to be accepted). The drain ends only when the server is
 *    quiet: every accepted connection has had its request read, and nothing new came in for QUIET_MS, twice over
 *    with the event loop's I/O polled in between. On the embedded database (PGlite) the queries run on the event
 *    loop's own thread, so a burst of creates keeps it from accepting for seconds: a fixed 1 s drain then closed the
 *    listening socket on connections not yet accepted (PostgreSQL's queries wait on a socket and leave it free).
 *    The drain gives up waiting at half the limit (a client that connects and never sends holds nothing).
 * 2. closing: no new connections, idle keep-alive connections are closed, requests in flight are finished, the
 *    database is closed last (app.ts's onClose).
 * Whatever still hangs when `timeoutMs` has passed, the process exits anyway (code 1); if its event loop is held so
 * long that even that timer cannot run, a watchdog thread kills it 1 s later. Must be called before listen.
 */
export function stopOnSignals(app: FastifyInstance, timeoutMs: number) {
  let stopping = false;
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  const unread = new Set<Socket>();
  let lastActivity = 0;
  app.server.on('connection', (socket: Socket) => {
    unread.add(socket);
    lastActivity = performance.now();
    socket.once('close', () => unread.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => {
    unread.delete(request.socket);
    lastActivity = performance.now();
  });

  const drain = async (since: number) => {
    const atLeast = since + Math.min(DRAIN_MS, timeoutMs / 4);
    const atMost = since + timeoutMs / 2;
    let quietRounds = 0;
    for (;;) {
      await tick(QUIET_MS / 2);
      const now = performance.now();
      if (now >= atMost) return;
      const quiet = unread.size === 0 && now - lastActivity >= QUIET_MS;
      quietRounds = quiet ? quietRounds + 1 : 0;
      if (now >= atLeast && quietRounds >= 2) return;
    }
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const since = performance.now();
    app.log.info({ signal, timeoutMs }, 'shutting down');
    startWatchdog(timeoutMs);
    setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took too long: exiting anyway');
      process.exit(1);
    }, timeoutMs).unref();
    drain(since)
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
