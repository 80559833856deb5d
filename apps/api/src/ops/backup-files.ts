/**
 * Backup and restore of the whole database (docs/decisions/0014). Images live in the database, so one file holds
 * every record and photo.
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, restored with `pg_restore` into an empty database.
 * - Embedded PGlite (DATA_DIR): PGlite's own dump of its data directory, a gzipped tarball, restored by opening an
 *   empty DATA_DIR with it. One process may open the database: while a server runs on it, the backup command asks
 *   that server to write the dump (a request file in DATA_DIR and SIGUSR2 — only someone who may write DATA_DIR and
 *   signal the server can ask, and nothing listens on the network); otherwise the command opens the database itself.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.ts';
import { lockDataDir, ownerOf } from '../db/data-dir-lock.ts';

export type Target = { databaseUrl: string | null; dataDir: string };
export type BackupKind = 'postgres' | 'pglite';

const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');
const requestFileOf = (dataDir: string) => path.join(dataDir, 'backup-request.json');
const resultFileOf = (dataDir: string, id: string) => path.join(dataDir, `backup-result-${id}.json`);

type BackupRequest = { id: string; file: string };
type BackupResult = { ok: true } | { ok: false; error: string };

/** Runs a PostgreSQL client program (pg_dump, pg_restore); its stderr becomes the error. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${program} ontbreekt: installeer de PostgreSQL-clientprogramma's (apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} stopte met code ${code}: ${stderr.trim()}`)),
    );
  });
}

/** Writes `blob` to `file` through a temporary name, so a half-written backup never carries the final name. */
async function writeAtomically(file: string, bytes: Uint8Array) {
  const part = `${file}.part`;
  const handle = await open(part, 'w', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  renameSync(part, file);
}

/** Writes the dump of an open PGlite database to `file`. */
export async function writePgliteDump(database: Database, file: string) {
  if (!database.dump) throw new Error('this database has no dump (PostgreSQL: use pg_dump)');
  const blob = await database.dump();
  await writeAtomically(file, new Uint8Array(await blob.arrayBuffer()));
}

/**
 * The server's side: answers a backup request (SIGUSR2) by writing the dump where the request says. Returns the
 * function that stops listening.
 */
export function answerBackupRequests(database: Database, dataDir: string, log: (message: string) => void) {
  const onSignal = () => {
    let request: BackupRequest;
    try {
      request = JSON.parse(readFileSync(requestFileOf(dataDir), 'utf8')) as BackupRequest;
    } catch {
      return;
    }
    log(`backup: writing ${request.file}`);
    writePgliteDump(database, request.file).then(
      () => writeFileSync(resultFileOf(dataDir, request.id), JSON.stringify({ ok: true } satisfies BackupResult)),
      (error: Error) => {
        log(`backup failed: ${error.message}`);
        writeFileSync(
          resultFileOf(dataDir, request.id),
          JSON.stringify({ ok: false, error: error.message } satisfies BackupResult),
        );
      },
    );
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}

async function backupThroughServer(dataDir: string, pid: number, file: string, timeoutMs: number) {
  const id = randomUUID();
  writeFileSync(requestFileOf(dataDir), JSON.stringify({ id, file } satisfies BackupRequest), { mode: 0o600 });
  const resultFile = resultFileOf(dataDir, id);
  try {
    process.kill(pid, 'SIGUSR2');
    const deadline = Date.now() + timeoutMs;
    while (!existsSync(resultFile)) {
      if (Date.now() > deadline) throw new Error(`de server (proces ${pid}) schreef de backup niet binnen de tijd`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as BackupResult;
    if (!result.ok) throw new Error(`de server kon de backup niet schrijven: ${result.error}`);
  } finally {
    rmSync(requestFileOf(dataDir), { force: true });
    rmSync(resultFile, { force: true });
  }
}

/** Writes one backup file of the whole database. Returns what kind it wrote. */
export async function backup(target: Target, file: string, timeoutMs = 300_000): Promise<BackupKind> {
  const absolute = path.resolve(file);
  if (target.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${absolute}.part`, target.databaseUrl]);
    renameSync(`${absolute}.part`, absolute);
    return 'postgres';
  }
  const pgdata = pgdataOf(target.dataDir);
  if (!existsSync(pgdata)) throw new Error(`er staat geen database in ${target.dataDir}`);
  const owner = ownerOf(`${pgdata}.lock`);
  if (owner) {
    if (owner.host !== hostname() || owner.pid <= 0)
      throw new Error(
        `de server die de database gebruikt (proces ${owner.pid} op ${owner.host}) draait niet hier: maak de backup op die machine`,
      );
    await backupThroughServer(target.dataDir, owner.pid, absolute, timeoutMs);
    return 'pglite';
  }
  const database = await openDatabase({ databaseUrl: null, pgliteDir: pgdata });
  try {
    await writePgliteDump(database, absolute);
  } finally {
    await database.close();
  }
  return 'pglite';
}

/** The kind of a backup file, from its first bytes: pg_dump's custom format starts with PGDMP, gzip with 1f 8b. */
async function kindOf(file: string): Promise<BackupKind> {
  const handle = await open(file, 'r');
  try {
    const { buffer } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (buffer.toString('latin1') === 'PGDMP') return 'postgres';
    if (buffer[0] === 0x1f && buffer[1] === 0x8b) return 'pglite';
  } finally {
    await handle.close();
  }
  throw new Error(`${file} is geen backup van Ateliermarkt`);
}

/** Loads a backup into an empty database (PostgreSQL) or an empty DATA_DIR (PGlite); refuses anything else. */
export async function restore(
  target: Target,
  file: string,
  notice: (message: string) => void = console.log,
): Promise<BackupKind> {
  const absolute = path.resolve(file);
  if (!existsSync(absolute)) throw new Error(`${file} bestaat niet`);
  const kind = await kindOf(absolute);
  const wanted: BackupKind = target.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== wanted) {
    throw new Error(
      kind === 'postgres'
        ? 'dit is een backup van PostgreSQL: zet DATABASE_URL op de lege database om hem terug te zetten'
        : 'dit is een backup van de ingebouwde database: zet hem terug zonder DATABASE_URL, in een lege DATA_DIR',
    );
  }
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
      );
      if ((rows[0]?.n ?? 0) > 0)
        throw new Error('de database is niet leeg: zet een backup alleen terug in een lege database');
    } finally {
      await client.end();
    }
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${target.databaseUrl}`,
      absolute,
    ]);
    return 'postgres';
  }
  const pgdata = pgdataOf(target.dataDir);
  if (!existsSync(target.dataDir)) {
    try {
      mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new Error(
        `de map ${target.dataDir} bestaat niet en kan niet worden aangemaakt: ${(error as Error).message}`,
      );
    }
    notice(`De map ${target.dataDir} bestond niet en is aangemaakt.`);
  }
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0) {
    throw new Error(`${target.dataDir} bevat al een database: zet een backup alleen terug in een lege DATA_DIR`);
  }
  const unlock = await lockDataDir(`${pgdata}.lock`, pgdata);
  try {
    const blob = new Blob([readFileSync(absolute)]);
    const client = new PGlite(pgdata, { loadDataDir: blob, extensions: { pg_trgm } });
    await client.waitReady;
    await client.close();
  } finally {
    await unlock();
  }
  return 'pglite';
}
