import type { FastifyInstance } from 'fastify';

/** How long the server keeps answering after the signal before it stops accepting (at most a quarter of the limit). */
const DRAIN_MS = 1000;

/**
 * A graceful stop on SIGTERM (and Ctrl-C), within `timeoutMs`:
 * 1. draining (1 s): every request is still answered, each answer with `Connection: close` so keep-alive connections
 *    end with it. In this time the connections that reached the machine just before the signal are accepted and
 *    read: closing the server at once resets them (Node closes every connection that has not yet sent a request).
 * 2. closing: no new connections, idle keep-alive connections are closed, requests in flight are finished, the
 *    database is closed last (app.ts's onClose).
 * Whatever still hangs when `timeoutMs` has passed, the process exits anyway (code 1). Must be called before listen.
 */
export function stopOnSignals(app: FastifyInstance, timeoutMs: number) {
  let stopping = false;
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, timeoutMs }, 'shutting down');
    setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took too long: exiting anyway');
      process.exit(1);
    }, timeoutMs).unref();
    setTimeout(
      () =>
        app.close().then(
          () => process.exit(0),
          (err: unknown) => {
            app.log.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        ),
      Math.min(DRAIN_MS, timeoutMs / 4),
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
