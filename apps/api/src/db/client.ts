import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { type MigrationSession, reconcileLegacyHistory } from './legacy-migrations.ts';
import { createPostgresListener, type ListenOptions, type Unlisten } from './listen.ts';
import { migrateByHash, SchemaMismatchError, schemaDifferences } from './migrate.ts';
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
   * (see raw-select.ts: the hot lists skip Drizzle's per-cell result mapping). With a `name`, on PostgreSQL the
   * statement is parsed once per connection and kept under that name (the text is not sent again, and after a few
   * runs the server keeps one plan for it: for lookups by key, whose plan does not depend on the values); PGlite runs
   * it as any other. With `plan: 'generic'` as well, the server runs such a statement with the one plan it made without
   * the values from the first run on (`plan_cache_mode = force_generic_plan` for that statement alone), where by
   * itself it would plan anew for each call whenever its estimate for the values is lower (docs/decisions/0090).
   */
  arrays: (text: string, params: unknown[], name?: string, plan?: 'generic') => Promise<unknown[][]>;
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

/**
 * Runs `work` on a pooled connection whose named statements use their generic plan (made once without the values, kept
 * with the statement): the setting holds only for this work and is reset before the connection goes back to the pool,
 * so every other statement is planned as the server decides. A connection whose reset failed is closed, not reused.
 */
export async function withGenericPlans<R extends { rows: unknown[][] }>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<R>,
): Promise<unknown[][]> {
  const client = await pool.connect();
  let reset = false;
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    try {
      return (await work(client)).rows;
    } finally {
      await client.query('RESET plan_cache_mode');
      reset = true;
    }
  } finally {
    client.release(!reset);
  }
}

/** The advisory lock key of the start-up work ('ATLM'). */
const STARTUP_LOCK = 0x41544c4d;

export const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Brings the schema up to date (migrate.ts: by hash, in journal order; a database of a rewritten history is first
 * reconciled, legacy-migrations.ts) and refuses a result that differs from a new database's.
 */
async function migrate(session: MigrationSession): Promise<void> {
  await reconcileLegacyHistory(session, migrationsFolder);
  await migrateByHash(session, migrationsFolder);
  const differences = await schemaDifferences(session, migrationsFolder);
  if (differences.length > 0) throw new SchemaMismatchError(differences);
}

/**
 * Opens the database and applies the migrations: PostgreSQL when a connection string is given, otherwise embedded
 * PGlite persisted in `pgliteDir` (or in memory when that is null, for tests).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string | null;
  /** Where an idle connection's error goes (the server restarted, an administrator ended it); default stderr. */
  onIdleError?: (error: Error) => void;
  /** PostgreSQL: opening a connection or waiting for one of the pool (DATABASE_CONNECT_TIMEOUT); default 5 s. */
  connectTimeoutMs?: number;
  /** PostgreSQL: one statement (DATABASE_STATEMENT_TIMEOUT); default 30 s. */
  statementTimeoutMs?: number;
  /** PGlite in memory only: starts from this dump (`dump()`) instead of an empty cluster (tests' seeded snapshot). */
  loadDataDir?: Blob;
  /**
   * PGlite in memory only: arguments for its initdb and server settings (`-c name=value`) on top of PGlite's own, for
   * the tests' small throw-away clusters (src/test/snapshot.ts), and PGlite's own files (`fsBundle`, its share folder)
   * read once per test process instead of once per database. A server's database never gets them.
   */
  pgliteStart?: { initdb?: string[]; settings?: string[]; fsBundle?: Blob };
}): Promise<Database> {
  if (options.databaseUrl) {
    const statementTimeoutMs = options.statementTimeoutMs ?? 30_000;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A stalled server (stopped, a full disk, a lock held) must not hang requests: a connection that does not open,
      // and a statement that runs too long, fail with an error the handler answers 503 (errors.ts).
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      // The server ends the statement itself (a lock wait, a slow plan) ...
      statement_timeout: statementTimeoutMs,
      lock_timeout: statementTimeoutMs,
      // ... and the client stops waiting for a server that does not answer at all (then the connection is dropped).
      query_timeout: statementTimeoutMs + 2000,
      // No JIT compilation: this app's statements are short OLTP reads whose estimated costs at a
      // marketplace's size pass jit_above_cost, and then compiling costs far more than running (the super admin's
      // dashboard: 3.7 s of 4.0 s). Per connection, so it holds whatever the server's postgresql.conf says.
      options: '-c jit=off',
    });
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
        // Waiting for another instance's start-up (its migrations and seeding) is not a stalled database.
        await client.query('SET statement_timeout = 0; SET lock_timeout = 0');
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
        try {
          return await work();
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
        }
      } finally {
        await client.query('RESET statement_timeout; RESET lock_timeout').catch(() => {});
        client.release();
      }
    };
    await withStartupLock(async () => {
      const client = await pool.connect();
      try {
        // A migration may rewrite a large table: no statement limit for it.
        await client.query('SET statement_timeout = 0; SET lock_timeout = 0');
        await migrate({
          exec: async (text) => void (await client.query(text)),
          rows: async <T>(text: string) => (await client.query(text)).rows as T[],
        });
      } finally {
        await client.query('RESET statement_timeout; RESET lock_timeout').catch(() => {});
        client.release();
      }
    }).catch(async (error) => {
      await pool.end();
      throw error;
    });
    const arrays = async (text: string, params: unknown[], name?: string, plan?: 'generic') => {
      if (!name || plan !== 'generic')
        return (await pool.query<unknown[]>({ text, values: params, rowMode: 'array', ...(name ? { name } : {}) }))
          .rows;
      return withGenericPlans(pool, (client) =>
        client.query<unknown[]>({ text, values: params, rowMode: 'array', name }),
      );
    };
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
  const unlock = options.pgliteDir ? await lockDataDir(`${options.pgliteDir}.lock`, options.pgliteDir) : async () => {};
  const { loadDataDir, pgliteStart } = options;
  const client = options.pgliteDir
    ? new PGlite(options.pgliteDir, { extensions })
    : new PGlite({
        extensions,
        ...(loadDataDir ? { loadDataDir } : {}),
        ...(pgliteStart?.initdb ? { initDbStartParams: pgliteStart.initdb } : {}),
        ...(pgliteStart?.settings ? { startParams: [...PGlite.defaultStartParams, ...pgliteStart.settings] } : {}),
        ...(pgliteStart?.fsBundle ? { fsBundle: pgliteStart.fsBundle } : {}),
      });
  try {
    await client.waitReady;
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  try {
    await migrate({
      exec: async (text) => void (await client.exec(text)),
      rows: async <T>(text: string) => (await client.query<T>(text)).rows,
    });
  } catch (error) {
    await client.close();
    await unlock();
    throw error;
  }
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
        await unlock();
      }
    },
  };
}
