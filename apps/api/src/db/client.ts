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
 * Opens the database and applies the migrations: PostgreSQL when a connection string is given, otherwise embedded
 * PGlite persisted in `pgliteDir` (or in memory when that is null, for tests).
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string | null;
  /** Where an idle connection's error goes (the server restarted, an administrator ended it); default stderr. */
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Without a listener, an error on an idle pooled connection is thrown as an uncaught exception and ends the
    // process. The pool drops that connection and opens a new one on the next query, so logging it is enough.
    pool.on(
      'error',
      options.onIdleError ?? ((error) => console.error(`database: idle connection lost: ${error.message}`)),
    );
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
