import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { reconcileLegacyHistory } from './legacy-migrations.ts';
import { createPostgresListener, type ListenOptions, type Unlisten } from './listen.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database handle services use: the same Drizzle API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs start-up work (migrations, generated secrets, seeding) one instance at a time: on PostgreSQL under an
   * advisory lock, so instances started together do not migrate or seed twice; PGlite has one process anyway.
   */
  withStartupLock: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Runs one statement straight through the driver, rows as arrays in column order, values as the driver parses them
   * (see raw-select.ts: the hot lists skip Drizzle's per-cell result mapping).
   */
  arrays: (text: string, params: unknown[]) => Promise<unknown[][]>;
  /**
   * PGlite only: its data directory as one gzipped tarball, taken between transactions (none is open while it is
   * written), so it is a consistent copy while the server runs (ops/backup.ts).
   */
  dump?: () => Promise<Blob>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` (docs/decisions/0028): PGlite's own in-process listener, or on
   * PostgreSQL a connection of its own that is opened again when lost (listen.ts; `onReconnect` then).
   */
  listen: (channel: string, onPayload: (payload: string) => void, options?: ListenOptions) => Promise<Unlisten>;
  close: () => Promise<void>;
};

/** The advisory lock key of the start-up work ('ATLM'). */
const STARTUP_LOCK = 0x41544c4d;

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Opens the database and applies the migrations: PostgreSQL when a connection string is given, otherwise embedded
 * PGlite persisted in `pgliteDir` (or in memory when that is null, for tests).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string | null;
  /** Where an idle connection's error goes (the server restarted, an administrator ended it); default stderr. */
  onIdleError?: (error: Error) => void;
  /** PGlite in memory only: starts from this dump (`dump()`) instead of an empty cluster (tests' seeded snapshot). */
  loadDataDir?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener, an error on an idle pooled connection is thrown as an uncaught exception and ends the
    // process. The pool drops that connection and opens a new one on the next query, so logging it is enough.
    const onIdleError =
      options.onIdleError ?? ((error: Error) => console.error(`database: idle connection lost: ${error.message}`));
    pool.on('error', onIdleError);
    // A connection lost while checked out (in a query or a transaction) emits 'error' on the client too; with no
    // listener that is an uncaught exception. The query in flight fails on its own (503, errors.ts): log only.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.error(`database: connection lost: ${error.message}`));
    });
    const db = drizzlePg(pool, { schema });
    const withStartupLock = async <T>(work: () => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
        }
      } finally {
        client.release();
      }
    };
    await withStartupLock(async () => {
      const client = await pool.connect();
      try {
        await reconcileLegacyHistory(
          {
            exec: async (text) => void (await client.query(text)),
            rows: async <T>(text: string) => (await client.query(text)).rows as T[],
          },
          migrationsFolder,
        );
      } finally {
        client.release();
      }
      await migratePg(db, { migrationsFolder });
    });
    const arrays = async (text: string, params: unknown[]) =>
      (await pool.query<unknown[]>({ text, values: params, rowMode: 'array' })).rows;
    const listener = createPostgresListener(options.databaseUrl);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      withStartupLock,
      arrays,
      listen: listener.listen,
      close: async () => {
        await listener.closeAll();
        await pool.end();
      },
    };
  }
  const extensions = { pg_trgm };
  // One process per data directory: a second server would open the same files and corrupt them (data-dir-lock.ts).
  const unlock = options.pgliteDir ? lockDataDir(`${options.pgliteDir}.lock`, options.pgliteDir) : () => {};
  const loadDataDir = options.loadDataDir;
  const client = options.pgliteDir
    ? new PGlite(options.pgliteDir, { extensions })
    : new PGlite({ extensions, ...(loadDataDir ? { loadDataDir } : {}) });
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  await reconcileLegacyHistory(
    {
      exec: async (text) => void (await client.exec(text)),
      rows: async <T>(text: string) => (await client.query<T>(text)).rows,
    },
    migrationsFolder,
  );
  await migratePglite(db, { migrationsFolder });
  // PGlite runs no autovacuum, so nothing else gathers planner statistics: without them a grown database gets plans
  // made for empty tables (sequential scans where an index fits). Once per start, on a persisted database.
  if (options.pgliteDir) await client.exec('analyze');
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    withStartupLock: (work) => work(),
    arrays: async (text, params) => (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows,
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    dump: async () => {
      await client.exec('CHECKPOINT');
      // PGlite's own transaction lock (every query and transaction takes it): no transaction is half done in the copy.
      const exclusive = client as unknown as { _runExclusiveTransaction: <T>(f: () => Promise<T>) => Promise<T> };
      return exclusive._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
