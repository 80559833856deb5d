import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedCluster, clusterKey } from '../test/cluster-cache.ts';
import { dataDirFromSnapshot } from '../test/server-process.ts';
import { freshPostgresUrl } from '../test/test-app.ts';
import { migrationsFolder, openDatabase } from './client.ts';
import { idempotent, LIST_ETAG_LINE_HASHES, statementsOf } from './legacy-migrations.ts';

const fixture = path.resolve(import.meta.dirname, 'legacy-fixtures/list-etag-line');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

type Journal = { entries: { idx: number; when: number; tag: string }[] };
const journalOf = (folder: string) =>
  JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;

/** The migration folder of commit cd62e88 (the list-ETag line), or of 0bee417 (the same without its 0008). */
function legacyFolder(entries: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'am-legacy-migrations-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'meta'));
  const journal = journalOf(fixture);
  journal.entries = journal.entries.slice(0, entries);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    const own = path.join(fixture, `${tag}.sql`);
    const source = readdirSync(fixture).includes(`${tag}.sql`) ? own : path.join(migrationsFolder, `${tag}.sql`);
    copyFileSync(source, path.join(dir, `${tag}.sql`));
  }
  return dir;
}

/**
 * A new, empty cluster (initdb only, PGlite's default settings) as a tar of its data directory, made in memory once
 * and kept between runs (test/cluster-cache.ts, keyed by PGlite's version): each old database below starts as a copy
 * of it on disk instead of running initdb on disk again (docs/decisions/0079, 0088). What the tests are about (the
 * old migrations, the upgrade, the schema compared) runs on each copy as before.
 */
let blankOnce: Promise<Buffer> | undefined;
function blankCluster(): Promise<Buffer> {
  blankOnce ??= cachedCluster('blank', clusterKey(['blank, PGlite defaults']), async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    try {
      await client.exec('CHECKPOINT');
      return Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    } finally {
      await client.close();
    }
  });
  return blankOnce;
}

type Conn = { rows: <T>(text: string) => Promise<T[]>; close: () => Promise<void> };

/** A database migrated with an old folder: PGlite in a directory, or a new database on DATABASE_URL's server. */
async function oldDatabase(
  folder: string,
): Promise<{ reopen: () => Promise<Conn>; open: () => ReturnType<typeof openDatabase> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const { url, drop } = await freshPostgresUrl(serverUrl);
    cleanups.push(drop);
    const pool = new pg.Pool({ connectionString: url });
    await migratePg(drizzlePg(pool), { migrationsFolder: folder });
    await pool.query(
      `INSERT INTO tenants (id, name, slug) VALUES ('00000000-0000-4000-8000-000000000001', 'Oud atelier', 'oud-atelier')`,
    );
    await pool.end();
    return {
      open: () => openDatabase({ databaseUrl: url, pgliteDir: null }),
      reopen: async () => {
        const p = new pg.Pool({ connectionString: url });
        return { rows: async (t) => (await p.query(t)).rows, close: () => p.end() };
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'am-legacy-db-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  execFileSync('tar', ['-x', '-C', dir], { input: await blankCluster() });
  const client = new PGlite(dir, { extensions: { pg_trgm } });
  await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
  await client.exec(
    `INSERT INTO tenants (id, name, slug) VALUES ('00000000-0000-4000-8000-000000000001', 'Oud atelier', 'oud-atelier')`,
  );
  await client.close();
  return {
    open: () => openDatabase({ databaseUrl: null, pgliteDir: dir }),
    reopen: async () => {
      const c = new PGlite(dir, { extensions: { pg_trgm } });
      return { rows: async (t) => (await c.query(t)).rows as never, close: () => c.close() };
    },
  };
}

/** Everything of the schema a migration makes, as text that two databases can be compared by. */
async function catalog(conn: Conn) {
  return {
    columns: await conn.rows(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY 1, 2`,
    ),
    indexes: await conn.rows(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`),
    constraints: await conn.rows(
      `SELECT c.conname, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
       JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public' ORDER BY 1, 2`,
    ),
    functions: await conn.rows(
      `SELECT p.proname, p.prosrc FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public' ORDER BY 1, 2`,
    ),
    triggers: await conn.rows(
      `SELECT tgname, pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`,
    ),
    sequences: await conn.rows(
      `SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = 'public' ORDER BY 1`,
    ),
    migrations: (await conn.rows<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at'))
      .map((r) => r.hash)
      .filter((h) => !LIST_ETAG_LINE_HASHES.has(h)),
  };
}

/**
 * A new database's catalog, made once for both tests below (each of them compares with it): the run's migrated
 * snapshot (today's migrations on an empty database, global-setup.ts) on PGlite; on a PostgreSQL server, a database of
 * the first six migrations (the same files as today's) brought to today by a start.
 */
let freshCatalogOnce: ReturnType<typeof catalog> | undefined;
function freshCatalog() {
  freshCatalogOnce ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'am-legacy-new-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    if (!process.env.DATABASE_URL && (await dataDirFromSnapshot(dir, false))) {
      const client = new PGlite(path.join(dir, 'pgdata'), { extensions: { pg_trgm } });
      try {
        return await catalog({ rows: async (t) => (await client.query(t)).rows as never, close: () => client.close() });
      } finally {
        await client.close();
      }
    }
    const fresh = await oldDatabase(legacyFolder(6));
    const database = await fresh.open();
    await database.close();
    const conn = await fresh.reopen();
    try {
      return await catalog(conn);
    } finally {
      await conn.close();
    }
  })();
  return freshCatalogOnce;
}

describe('databases of landed commits upgrade to today', () => {
  it('the journal is in order: every entry later than the one before (Drizzle applies by timestamp)', () => {
    const { entries } = journalOf(migrationsFolder);
    entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      if (i > 0) expect(entry.when).toBeGreaterThan(entries[i - 1]?.when ?? 0);
    });
  });

  it('every statement of 0007_list_etags has an idempotent form', () => {
    const text = readFileSync(path.join(migrationsFolder, '0007_list_etags.sql'), 'utf8');
    const statements = statementsOf(text);
    expect(statements.length).toBeGreaterThan(30);
    for (const s of statements) expect(idempotent(s)).toMatch(/IF NOT EXISTS|OR REPLACE/);
  });

  for (const [commit, entries] of [
    ['cd62e88', 9],
    ['0bee417', 8],
  ] as const) {
    it(`a database of commit ${commit} opens, keeps its rows and ends with the schema of a new database`, async () => {
      const expected = await freshCatalog();
      const old = await oldDatabase(legacyFolder(entries));
      const database = await old.open();
      await database.close();
      // A second start changes nothing more.
      await (await old.open()).close();
      const conn = await old.reopen();
      try {
        expect(await conn.rows(`SELECT name FROM tenants WHERE name = 'Oud atelier'`)).toHaveLength(1);
        expect(await catalog(conn)).toEqual(expected);
      } finally {
        await conn.close();
      }
      // Up to five databases opened and migrated from scratch: generous for a loaded two-core machine.
    }, 180_000);
  }
});
