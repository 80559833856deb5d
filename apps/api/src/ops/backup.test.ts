import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, serverProcess } from '../test/server-process.ts';
import { freshPostgresUrl } from '../test/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});
function tempDir(prefix: string): string {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

/** `npm run backup` / `npm run restore` as a person runs them, with the server's DATA_DIR and DATABASE_URL. */
function npmScript(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', file], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every table's row count and a hash of all its rows (images are rows of bytes: they are in it). */
async function fingerprint(query: Query) {
  const tables = await query(
    `SELECT schemaname || '.' || tablename AS name FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${name} t`,
    );
    out[String(name)] = `${row?.n}:${row?.h}`;
  }
  return out;
}

async function withPglite<T>(dataDir: string, work: (q: Query) => Promise<T>): Promise<T> {
  const client = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  try {
    return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

async function withPostgres<T>(url: string, work: (q: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

const onPostgres = Boolean(process.env.DATABASE_URL);

describe(`npm run backup and npm run restore (${onPostgres ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await serverProcess('backup');
    await server.start();
  }, 90_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it('a backup taken while the server runs restores every table and image into an empty database', async () => {
    const dir = tempDir('am-backup-');
    const file = path.join(dir, onPostgres ? 'backup.pgdump' : 'backup.tar.gz');
    const source = { DATA_DIR: server.dataDir, DATABASE_URL: server.env.DATABASE_URL ?? '' };

    const made = await npmScript('backup', file, source);
    expect(made.output).toContain('Backup geschreven');
    expect(made.code).toBe(0);
    expect(statSync(file).size).toBeGreaterThan(100_000);
    // The server kept serving while it was written.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

    // The original as it was at the backup: stop the server (nothing runs on its own that writes).
    await server.kill9();
    const target: Record<string, string> = { DATA_DIR: tempDir('am-restored-'), DATABASE_URL: '' };
    if (onPostgres) {
      const fresh = await freshPostgresUrl(process.env.DATABASE_URL as string);
      cleanups.push(fresh.drop);
      target.DATABASE_URL = fresh.url;
    }
    const restored = await npmScript('restore', file, target);
    expect(restored.output).toContain('Backup teruggezet');
    expect(restored.code).toBe(0);

    const [before, after] = onPostgres
      ? [
          await withPostgres(server.env.DATABASE_URL as string, fingerprint),
          await withPostgres(target.DATABASE_URL as string, fingerprint),
        ]
      : [await withPglite(server.dataDir, fingerprint), await withPglite(target.DATA_DIR as string, fingerprint)];
    expect(Number(before['public.image_variants']?.split(':')[0])).toBeGreaterThan(50);
    expect(Number(before['public.reservations']?.split(':')[0])).toBeGreaterThan(5);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(after).toEqual(before);

    // Restoring again into what is no longer empty is refused, and changes nothing.
    const again = await npmScript('restore', file, target);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/niet leeg|bevat al een database/);
  }, 180_000);

  it.runIf(!onPostgres)(
    'a backup of a database no server runs on opens it itself',
    async () => {
      const dir = tempDir('am-backup-stopped-');
      const file = path.join(dir, 'stopped.tar.gz');
      await server.kill9();
      const made = await npmScript('backup', file, { DATA_DIR: server.dataDir, DATABASE_URL: '' });
      expect(made.code).toBe(0);
      // Into a DATA_DIR that does not exist yet (it failed with a raw ENOENT): made, and said so in Dutch.
      const target = path.join(tempDir('am-restored-stopped-'), 'nog', 'niet', 'daar');
      const restored = await npmScript('restore', file, { DATA_DIR: target, DATABASE_URL: '' });
      expect(restored.output).toContain(`De map ${target} bestond niet en is aangemaakt`);
      expect(restored.output).not.toContain('ENOENT');
      expect(restored.code).toBe(0);
      expect(await withPglite(target, fingerprint)).toEqual(await withPglite(server.dataDir, fingerprint));
    },
    120_000,
  );
});
