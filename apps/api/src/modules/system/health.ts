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

/** GET /health: ok with the database kind, or 503 (the error handler's envelope) when it does not take writes. */
export async function checkHealth(database: Database, log: FastifyBaseLogger) {
  const writable = await databaseWritable(database).catch((err: unknown) => {
    log.warn({ err }, 'health: the database does not answer');
    return null;
  });
  if (writable === false) log.warn('health: the database takes no writes');
  if (!writable) throw new AppError(ERROR_CODES.unavailable, MESSAGES.databaseUnavailable);
  return { status: 'ok' as const, database: database.kind, version: '0.1.0' };
}
