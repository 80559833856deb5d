import { ERROR_CODES, MESSAGES } from '@ateliermarkt/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Whether the database can take writes, cheaply and without a table: `txid_current()` gives the statement a
 * transaction id, so its commit is written to the write-ahead log and flushed (a database that cannot write fails
 * it); a read-only session or a standby is reported as not writable. Throws when the database does not answer.
 */
export async function databaseWritable(database: Database): Promise<boolean> {
  const [row] = await database.arrays(
    "select txid_current(), current_setting('transaction_read_only'), pg_is_in_recovery()",
    [],
  );
  return row?.[1] === 'off' && row[2] === false;
}

/** How long the health check waits for the database: a load balancer's probe gets its answer within a second. */
export const HEALTH_DATABASE_WAIT_MS = 800;

/**
 * GET /health: ok with the database kind, or 503 (the error handler's envelope) when it does not take writes or does
 * not answer within HEALTH_DATABASE_WAIT_MS (a stalled PostgreSQL: the check does not hang with it).
 */
export async function checkHealth(database: Database, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${HEALTH_DATABASE_WAIT_MS} ms`)),
      HEALTH_DATABASE_WAIT_MS,
    );
  });
  const writable = await Promise.race([databaseWritable(database), tooSlow])
    .catch((err: unknown) => {
      log.warn({ err }, 'health: the database does not answer');
      return null;
    })
    .finally(() => clearTimeout(timer));
  if (writable === false) log.warn('health: the database takes no writes');
  if (!writable) throw new AppError(ERROR_CODES.unavailable, MESSAGES.databaseUnavailable);
  return { status: 'ok' as const, database: database.kind, version: '0.1.0' };
}
