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
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The database handle services use: the same Drizzle API on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * A connection pool that survives the server dropping an idle connection (a restart, a fail-over, an
 * administrator's terminate): pg removes that client and connects anew for the next query, but it reports the loss
 * as an 'error' event, and an 'error' event nobody listens to ends the process.
 */
export function createPool(connectionString: string, onIdleError: (error: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', onIdleError);
  return pool;
}

/**
 * Opens the database and applies the migrations: PostgreSQL when a connection string is given, otherwise embedded
 * PGlite persisted in `pgliteDir` (or in memory when that is null, for tests).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string | null;
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, options.onIdleError);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const extensions = { pg_trgm };
  const client = options.pgliteDir ? new PGlite(options.pgliteDir, { extensions }) : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
