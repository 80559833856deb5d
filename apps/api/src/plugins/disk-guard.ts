/**
 * Writes stop before the disk is full (embedded database only). PGlite on a full disk does not always fail cleanly:
 * in one of four runs here on a real full file system an upload hung, the process spun and ignored SIGTERM (its
 * JavaScript never ran again). So a request that may write is refused with 503 while the free space on DATA_DIR's
 * file system is below MIN_FREE_DISK_MB, before it reaches the database. The margin must hold a whole WAL segment
 * (16 MB, written at once) plus an upload: with 10 MB the hang came back here, with 24 MB it did not in 3 of 3 runs;
 * the default is 50. Reads go on. PostgreSQL fails cleanly
 * (SQLSTATE 53100, answered 503 by the error handler) and its disk is not ours to watch.
 */
import { statfsSync } from 'node:fs';
import { ERROR_CODES, MESSAGES } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import { envelope } from './error-handler.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** statfs costs a system call: asked at most this often. */
const CHECK_EVERY_MS = 1000;

export function freeBytes(dir: string): number {
  const stats = statfsSync(dir);
  return Number(stats.bavail) * Number(stats.bsize);
}

export function registerDiskGuard(
  app: FastifyInstance,
  options: { dir: string; minFreeBytes: number; free?: (dir: string) => number; now?: () => number },
) {
  const free = options.free ?? freeBytes;
  const now = options.now ?? Date.now;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let full = false;
  const isFull = () => {
    if (now() - checkedAt >= CHECK_EVERY_MS) {
      checkedAt = now();
      const wasFull = full;
      full = free(options.dir) < options.minFreeBytes;
      if (full && !wasFull) app.log.error({ dir: options.dir }, 'disk nearly full: writes refused');
      if (!full && wasFull) app.log.warn({ dir: options.dir }, 'disk has room again: writes accepted');
    }
    return full;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (READS.has(request.method) || !isFull()) return;
    return reply
      .status(503)
      .type('application/json; charset=utf-8')
      .send(envelope(ERROR_CODES.unavailable, MESSAGES.storageFull));
  });
}
