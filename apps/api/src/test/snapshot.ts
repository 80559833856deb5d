import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { seed } from '../seed/seed.ts';
import { CLUSTER_CACHE_SOURCE, cachedCluster, forgetCluster, migratedClusterKey } from './cluster-cache.ts';

/**
 * The API tests' base databases, made once per run (global-setup.ts) and copied by every test file (test-app.ts):
 * `empty` is migrated only (DEMO_DATA=0), `demo` is migrated and seeded with the demo marketplace (DEMO_DATA=1).
 * On PGlite they are two dumps of an in-memory cluster (tar files, loaded with `loadDataDir`); on PostgreSQL two template
 * databases (`CREATE DATABASE … TEMPLATE …`). The demo data dates itself relative to the moment it is seeded, so one
 * snapshot per run is as fresh as a seed per file. Secrets are not in it: each test app still generates its own.
 */
export type TestSnapshot =
  | { kind: 'pglite'; empty: string; demo: string }
  | { kind: 'postgres'; empty: string; demo: string };

/** The environment variable global-setup.ts hands the snapshot to the test workers in (JSON of TestSnapshot). */
export const SNAPSHOT_ENV = 'ATELIERMARKT_TEST_SNAPSHOT';

/** The run's snapshot, when a global set-up made one (vitest's api project); otherwise each app seeds for itself. */
export function testSnapshot(): TestSnapshot | null {
  const raw = process.env[SNAPSHOT_ENV];
  if (!raw) return null;
  const parsed = JSON.parse(raw) as TestSnapshot;
  // A snapshot made for the other kind of database (DATABASE_URL set or unset after the set-up) is not used.
  const wanted = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  return parsed.kind === wanted ? parsed : null;
}

/**
 * How the tests' in-memory PGlite clusters are made and started, smaller than PGlite's defaults because every test
 * file loads one (docs/decisions/0073): WAL segments of 1 MB instead of 16 (the dump carries the current segment
 * whole, and unpacking 16 MB of it into PGlite's in-memory file system was a third of each load), and 16 MB of shared
 * buffers instead of 128 (the start zeroes them all; a test database of a few MB never fills them). Only the test
 * processes' own databases: a server a test starts runs with PGlite's defaults on its copy.
 */
export const TEST_PGLITE_START = {
  initdb: ['--wal-segsize=1'],
  settings: ['-c', 'shared_buffers=16MB', '-c', 'min_wal_size=2MB', '-c', 'wal_recycle=off'],
};

/**
 * PGlite's own files (`pglite.data`: its share folder, 6 MB) as a Blob, read once per test process: PGlite otherwise
 * reads the file again for every database it starts, and a test worker starts one or more per test file. What it
 * unpacks from it is the same; only the read is saved (about 50 ms of CPU per test database).
 */
let fsBundle: Blob | undefined;
export function pgliteFsBundle(): Blob {
  fsBundle ??= new Blob([readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.data'))]);
  return fsBundle;
}

const blobs = new Map<string, Blob>();
/** One PGlite dump as a Blob to load; read once per worker. */
export function snapshotBlob(file: string): Blob {
  let blob = blobs.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    blobs.set(file, blob);
  }
  return blob;
}

function seedConfig(dataDir: string) {
  return loadConfig(
    { DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'silent', LOG_FORMAT: 'json' },
    { webDistDir: null, databaseUrl: null },
  );
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Puts a PGlite dump of the snapshot into `dataDir` as a server's embedded database (DATA_DIR/pgdata), so its first
 * start opens a migrated (or seeded) database. The dump is PGlite's own (`dumpDataDir`, kept unzipped: see
 * makeTestSnapshot), a tar of its data directory, which is what `loadDataDir` would write there; unpacked with tar
 * (Debian's), since booting PGlite to load it costs as much again.
 */
export async function unpackSnapshot(dump: string, dataDir: string): Promise<void> {
  const pgdata = path.join(dataDir, 'pgdata');
  mkdirSync(pgdata, { recursive: true });
  await promisify(execFile)('tar', ['-xf', dump, '-C', pgdata]);
}

/** The dump of a new test cluster with the migrations applied and no data, and the database open on it. */
type MigratedCluster = Database & { migratedTar: Buffer };

/**
 * The migrated test cluster: from the kept one when an earlier run made it from the same sources (cluster-cache.ts),
 * else made here (initdb, the templates dropped, every migration) and kept for the next run. Either way the
 * database is opened through `openDatabase`, whose migration check refuses a schema that is not the migrations'.
 */
async function migratedCluster(retry = true): Promise<MigratedCluster> {
  const key = migratedClusterKey(TEST_PGLITE_START.initdb, [fileURLToPath(import.meta.url), CLUSTER_CACHE_SOURCE]);
  let made: Database | undefined;
  const migratedTar = await cachedCluster('migrated', key, async () => {
    const database = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteStart: TEST_PGLITE_START });
    made = database;
    // Nothing connects to the two template databases (a test cluster makes no databases of its own), and they were
    // two thirds of the files each test file unpacked: dropped, so a copy holds only the database the app uses.
    for (const name of ['template0', 'template1']) {
      await database.db.execute(sql.raw(`ALTER DATABASE ${name} IS_TEMPLATE false`));
      await database.db.execute(sql.raw(`DROP DATABASE ${name}`));
    }
    if (!database.dump) throw new Error('PGlite database without dump()');
    return gunzipSync(Buffer.from(await (await database.dump()).arrayBuffer()));
  });
  if (made) return Object.assign(made, { migratedTar });
  try {
    const database = await openDatabase({
      databaseUrl: null,
      pgliteDir: null,
      pgliteStart: TEST_PGLITE_START,
      loadDataDir: new Blob([new Uint8Array(migratedTar)]),
    });
    return Object.assign(database, { migratedTar });
  } catch (error) {
    if (!retry) throw error;
    // A kept file that does not open (cut short, damaged): made again.
    forgetCluster('migrated', key);
    return migratedCluster(false);
  }
}

/**
 * Makes the run's two base databases; `remove` drops them again (the global teardown). On the PostgreSQL server of
 * `serverUrl` (default DATABASE_URL) when there is one, otherwise as PGlite dumps (the browser tests' servers always
 * run on PGlite and pass null).
 */
export async function makeTestSnapshot(
  serverUrl: string | null = process.env.DATABASE_URL || null,
): Promise<{ snapshot: TestSnapshot; remove: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-snapshot-'));
  const config = seedConfig(dataDir);
  const log = pino({ level: 'silent' });
  if (!serverUrl) {
    const database = await migratedCluster();
    try {
      const dump = database.dump;
      if (!dump) throw new Error('PGlite database without dump()');
      // Kept as plain tar, not gzipped: every test app loads one, and unpacking the gzip cost about a third of that.
      const tarOf = async () => gunzipSync(Buffer.from(await (await dump()).arrayBuffer()));
      const empty = path.join(dataDir, 'empty.tar');
      writeFileSync(empty, database.migratedTar);
      await seed(database.db, config, log);
      const demo = path.join(dataDir, 'demo.tar');
      writeFileSync(demo, await tarOf());
      return {
        snapshot: { kind: 'pglite', empty, demo },
        remove: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    } finally {
      await database.close();
    }
  }
  const stem = `am_tpl_${randomBytes(5).toString('hex')}`;
  const empty = `${stem}_empty`;
  const demo = `${stem}_demo`;
  await onServer(serverUrl, `CREATE DATABASE ${empty}`);
  const migrated = await openDatabase({ databaseUrl: databaseUrl(serverUrl, empty), pgliteDir: null });
  await migrated.close();
  await onServer(serverUrl, `CREATE DATABASE ${demo} TEMPLATE ${empty}`);
  const seeded = await openDatabase({ databaseUrl: databaseUrl(serverUrl, demo), pgliteDir: null });
  try {
    await seed(seeded.db, config, log);
  } finally {
    await seeded.close();
  }
  rmSync(dataDir, { recursive: true, force: true });
  return {
    snapshot: { kind: 'postgres', empty, demo },
    remove: async () => {
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${demo} WITH (FORCE)`);
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${empty} WITH (FORCE)`);
    },
  };
}
