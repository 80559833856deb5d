import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as drizzleMigrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDirFromSnapshot } from '../test/server-process.ts';
import { snapshotBlob, testSnapshot } from '../test/snapshot.ts';
import { migrationsFolder, openDatabase } from './client.ts';
import { type MigrationSession, reconcileLegacyHistory } from './legacy-migrations.ts';
import { type Migration, migrateByHash, readMigrations, SchemaMismatchError, schemaDifferences } from './migrate.ts';

/**
 * Upgrades from every commit on main that changed the schema: for each commit of main's history (first
 * parent: each state main was at) that touched the migrations folder, a database is made with that commit's
 * migrations as that commit made it (Drizzle's migrator), upgraded as the server does now, and its whole schema
 * compared with a new database's. The list comes from git: a new schema-changing commit is walked without anyone
 * adding it here. PGlite in memory; one fresh-schema dump, reused.
 *
 * One database is built up along the walk: where a commit's migrations are the previous one's with newer ones after
 * them, Drizzle's migrator applies only those, as it would have on a database made at the previous commit; otherwise
 * it is emptied and made anew. The upgrade and its checks run inside a transaction that is rolled back, so the
 * database is again as the commit made it for the next one (`undone`).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const folderInRepo = path.relative(repoRoot, migrationsFolder);
const git = (...args: string[]) => execFileSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8' });

const temp = mkdtempSync(path.join(tmpdir(), 'am-upgrade-walk-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The contents of each `<commit>:<path>`, read by one `git cat-file --batch` (not a process per file). */
function gitFiles(specs: string[]): string[] {
  const out = execFileSync('git', ['-C', repoRoot, 'cat-file', '--batch'], {
    input: `${specs.join('\n')}\n`,
    maxBuffer: 256 * 1024 * 1024,
  });
  let at = 0;
  return specs.map((spec) => {
    const eol = out.indexOf(0x0a, at);
    const header = out.subarray(at, eol).toString(); // '<object> blob <size>', or '<spec> missing'
    const [, type, size] = header.split(' ');
    if (type !== 'blob') throw new Error(`git cat-file ${spec}: ${header}`);
    at = eol + 1 + Number(size) + 1;
    return out.subarray(eol + 1, at - 1).toString('utf8');
  });
}

/**
 * The migrations folder as it was at each of `commits`, written out to a folder of its own: the journal and the SQL
 * files it names, which is all the migrator reads (the schema snapshots in `meta/` are left out). Two git processes
 * for the whole walk.
 */
function writeFolders(commits: string[]): Map<string, string> {
  const journals = gitFiles(commits.map((c) => `${c}:${folderInRepo}/meta/_journal.json`));
  const sql = commits.flatMap((commit, i) =>
    (JSON.parse(journals[i] ?? '') as { entries: { tag: string }[] }).entries.map(({ tag }) => ({
      commit,
      name: `${tag}.sql`,
    })),
  );
  const texts = gitFiles(sql.map((f) => `${f.commit}:${folderInRepo}/${f.name}`));
  const files = [
    ...commits.map((commit, i) => ({ commit, name: 'meta/_journal.json', text: journals[i] ?? '' })),
    ...sql.map((f, i) => ({ ...f, text: texts[i] ?? '' })),
  ];
  for (const { commit, name, text } of files) {
    mkdirSync(path.dirname(path.join(temp, commit, name)), { recursive: true });
    writeFileSync(path.join(temp, commit, name), text);
  }
  return new Map(commits.map((c) => [c, path.join(temp, c)]));
}

/** The migrations folder as it was at `commit` (one of the walk's, or 58d6438). */
let folders: Map<string, string> | undefined;
function folderAt(commit: string): string {
  folders ??= writeFolders([...schemaCommits.map(shortly), '58d6438']);
  const folder = folders.get(commit);
  if (!folder) throw new Error(`not a commit of the walk: ${commit}`);
  return folder;
}

const sessionOf = (client: PGlite): MigrationSession => ({
  exec: async (text) => void (await client.exec(text)),
  rows: async <T>(text: string) => (await client.query<T>(text)).rows,
});

/** The whole public schema as sorted lines: columns, constraints, indexes, triggers, functions, sequences. */
async function dumpSchema(client: PGlite): Promise<string[]> {
  const queries = [
    `SELECT 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
            || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
            || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') AS line
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'm') AND a.attnum > 0 AND NOT a.attisdropped`,
    `SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS line
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace`,
    `SELECT 'index ' || indexdef AS line FROM pg_indexes WHERE schemaname = 'public'`,
    `SELECT 'trigger ' || pg_get_triggerdef(t.oid) AS line
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal`,
    `SELECT 'function ' || pg_get_functiondef(p.oid) AS line
       FROM pg_proc p LEFT JOIN pg_depend d ON d.objid = p.oid AND d.deptype = 'e'
      WHERE p.pronamespace = 'public'::regnamespace AND d.objid IS NULL`,
    `SELECT 'sequence ' || sequence_name AS line FROM information_schema.sequences WHERE sequence_schema = 'public'`,
    `SELECT 'extension ' || extname AS line FROM pg_extension`,
  ];
  const lines: string[] = [];
  for (const q of queries) lines.push(...(await client.query<{ line: string }>(q)).rows.map((r) => r.line));
  return lines.sort();
}

/** Upgraded as openDatabase does it (client.ts's migrate). */
async function upgrade(session: MigrationSession): Promise<void> {
  await reconcileLegacyHistory(session, migrationsFolder);
  await migrateByHash(session, migrationsFolder);
  const differences = await schemaDifferences(session, migrationsFolder);
  if (differences.length > 0) throw new SchemaMismatchError(differences);
}

// Whole hashes: how long git abbreviates them depends on the clone (CI's are 8 characters, here 7).
const schemaCommits = git('log', '--first-parent', '--format=%H', 'HEAD', '--', folderInRepo)
  .split('\n')
  .filter(Boolean)
  .reverse();
/** A commit as the walk names it: long enough to be unambiguous, short enough to read. */
const shortly = (commit: string) => commit.slice(0, 12);

/** One in-memory database for the whole walk (much faster than a new one each). */
let client: PGlite;
/** The migrations the database was made with and not yet upgraded by, in journal order; null after anything else. */
let madeWith: Migration[] | null = null;
async function emptied(): Promise<PGlite> {
  madeWith = null;
  await client.exec('DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  return client;
}

/**
 * Whether `after` is `before` with newer entries added: the same entries (tag, time and file) in the same order, and
 * every added one newer than all of them (Drizzle's migrator applies only entries newer than the newest it recorded).
 */
function extending(before: Migration[], after: Migration[]): boolean {
  const same = (a: Migration, b: Migration | undefined) => a.tag === b?.tag && a.when === b.when && a.hash === b.hash;
  const newest = Math.max(0, ...before.map((m) => m.when));
  return before.every((m, i) => same(m, after[i])) && after.slice(before.length).every((m) => m.when > newest);
}

/**
 * The database as `commit`'s migrations made it with Drizzle's migrator: built on the previous commit's where they
 * extend its migrations (the same statements then ran in the same order), else made anew.
 */
async function madeAt(commit: string): Promise<PGlite> {
  const folder = folderAt(commit);
  const migrations = readMigrations(folder);
  const before = madeWith;
  if (before !== null && extending(before, migrations)) {
    // The last check was rolled back: Drizzle's record is the previous commit's, not the upgrade's (were it the
    // upgrade's, the migrator below would add nothing and the walk would prove nothing).
    const recorded = await client.query<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id');
    expect(recorded.rows.map((r) => r.hash)).toEqual(before.map((m) => m.hash));
  } else await emptied();
  madeWith = null;
  await drizzleMigrate(drizzle(client), { migrationsFolder: folder });
  madeWith = migrations;
  return client;
}

/**
 * Runs `check` on the database inside a transaction that is then rolled back. The upgrade's own transactions become
 * savepoints in it (PostgreSQL has no nested BEGIN); its statements are the server's.
 */
async function undone(check: (session: MigrationSession) => Promise<void>): Promise<void> {
  const savepoints: Record<string, string> = {
    BEGIN: 'SAVEPOINT upgrade',
    COMMIT: 'RELEASE SAVEPOINT upgrade',
    ROLLBACK: 'ROLLBACK TO SAVEPOINT upgrade',
  };
  const plain = sessionOf(client);
  const nested: MigrationSession = { ...plain, exec: (text) => plain.exec(savepoints[text] ?? text) };
  await client.exec('BEGIN');
  try {
    await check(nested);
  } finally {
    await client.exec('ROLLBACK');
  }
}

let fresh: string[];
beforeAll(async () => {
  // The run's migrated snapshot (global-setup.ts), made by the same upgrade: no initdb and no migrations here.
  const snapshot = testSnapshot();
  const loadDataDir = snapshot?.kind === 'pglite' ? snapshotBlob(snapshot.empty) : undefined;
  client = new PGlite({ extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  await upgrade(sessionOf(client));
  fresh = await dumpSchema(client);
}, 60_000);
afterAll(async () => {
  await client?.close();
});

describe('upgrading a database made by any schema-changing commit of main', () => {
  it('walks them all, from the first (sanity: the list comes from git and is not short)', () => {
    expect(schemaCommits.length).toBeGreaterThanOrEqual(27);
    expect(schemaCommits.some((c) => c.startsWith('58d6438'))).toBe(true);
  });

  it.each(schemaCommits.map(shortly))(
    'from %s: the upgraded schema is a new database’s',
    async (commit) => {
      const client = await madeAt(commit);
      await undone(async (session) => {
        await upgrade(session);
        expect(await dumpSchema(client)).toEqual(fresh);
        // A second start finds nothing to do.
        expect(await migrateByHash(session, migrationsFolder)).toEqual([]);
      });
    },
    60_000,
  );

  it('from 58d6438 Drizzle’s own migrator skipped 0013_reservation_events; ours applies it', async () => {
    const client = await emptied();
    {
      await drizzleMigrate(drizzle(client), { migrationsFolder: folderAt('58d6438') });
      await drizzleMigrate(drizzle(client), { migrationsFolder });
      const session = sessionOf(client);
      // The state databases upgraded before this fix are in: the check names what is missing, the server would refuse.
      expect(await schemaDifferences(session, migrationsFolder)).toContain('tabel reservation_events ontbreekt');
      // And the repair: ours applies what Drizzle skipped.
      expect(await migrateByHash(session, migrationsFolder)).toEqual(['0013_reservation_events']);
      expect(await schemaDifferences(session, migrationsFolder)).toEqual([]);
      expect(await dumpSchema(client)).toEqual(fresh);
    }
  }, 60_000);

  it('a start that leaves the schema different from a new database’s refuses, naming the difference', async () => {
    // A migrated database on disk: a copy of the run's snapshot (saves initdb and the migrations), else a new one.
    const dataDir = path.join(temp, 'refuses');
    const pgliteDir = path.join(dataDir, 'pgdata');
    mkdirSync(dataDir, { recursive: true });
    if (!(await dataDirFromSnapshot(dataDir, false)))
      await (await openDatabase({ databaseUrl: null, pgliteDir })).close();
    // Damage it as a skipped migration would leave it: a table and an index gone.
    const raw = new PGlite(pgliteDir, { extensions: { pg_trgm } });
    await raw.exec('DROP TABLE reservation_events; DROP INDEX audit_log_tenant_idx;');
    await raw.close();
    const refused = openDatabase({ databaseUrl: null, pgliteDir });
    await expect(refused).rejects.toThrow(SchemaMismatchError);
    const message = await refused.then(
      () => '',
      (e: Error) => e.message,
    );
    expect(message).toContain('tabel reservation_events ontbreekt');
    expect(message).toContain('index audit_log_tenant_idx ontbreekt');
    // Its lock was given back: the next start is refused for the schema again, not for a lock.
    await expect(openDatabase({ databaseUrl: null, pgliteDir })).rejects.toThrow(SchemaMismatchError);
  }, 120_000);
});
