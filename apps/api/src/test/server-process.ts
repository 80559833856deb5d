import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runServerBuild } from './compiled-server.ts';
import { testSnapshot, unpackSnapshot } from './snapshot.ts';
import { freshPostgresUrl } from './test-app.ts';

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Node's arguments to run the server: the run's compiled server (global-setup.ts compiles it once, as `npm run build`
 * does) when there is one, else the TypeScript source through tsx. Each start through tsx translated and resolved
 * the source's few hundred modules again: about 1.3 s of CPU more per start than the compiled file.
 */
export function serverNodeArgs(): string[] {
  const entry = runServerBuild();
  return entry
    ? [...SHORT_LIVED_V8_ARGS, '--enable-source-maps', entry]
    : [...SHORT_LIVED_V8_ARGS, '--import', 'tsx', path.join(import.meta.dirname, '..', 'server.ts')];
}

/**
 * V8's settings for a server process a test starts, which lives seconds: WebAssembly (PGlite's 9 MB Postgres) only
 * through V8's baseline compiler. V8 otherwise also compiles the module's functions with its optimising compiler in
 * the background, which a process that ends after a few hundred requests never earns back: 3.7–4.4 s → 2.4–2.6 s of
 * CPU from the start to the first answer and the stop (docs/decisions/0079). The code run is the same; only the
 * machine code V8 makes from it differs.
 */
const SHORT_LIVED_V8_ARGS = ['--liftoff-only'];

/** The run's snapshot (global-setup.ts) to start a server on: the seeded one, or the migrated one for DEMO_DATA=0. */
function snapshotFor(demo: boolean): string | null {
  const snapshot = testSnapshot();
  return snapshot ? (demo ? snapshot.demo : snapshot.empty) : null;
}

/**
 * Puts a copy of the run's snapshot into `dataDir` as the server's embedded database (DATA_DIR/pgdata): its first
 * start then opens a migrated (with `demo`, seeded) database instead of running initdb, the migrations and the demo
 * seed, most of a first start's time. Returns false (and leaves `dataDir` alone) without a PGlite snapshot.
 */
export async function dataDirFromSnapshot(dataDir: string, demo: boolean): Promise<boolean> {
  const snapshot = testSnapshot();
  if (snapshot?.kind !== 'pglite') return false;
  await unpackSnapshot(demo ? snapshot.demo : snapshot.empty, dataDir);
  return true;
}

/**
 * The real server (`src/server.ts`) as a child process on its own DATA_DIR, with the demo data, and on a fresh
 * PostgreSQL database when DATABASE_URL is set (CI runs the API tests both ways); the database starts as a copy of
 * the run's snapshot unless `emptyDatabase`. It can be killed with SIGKILL and
 * started again on the same data.
 */
export async function serverProcess(
  name: string,
  extraEnv: Record<string, string> = {},
  options: {
    /** Node's arguments; default `serverNodeArgs()`, the run's compiled server. */
    nodeArgs?: string[];
    /**
     * Start as a new installation does, on an empty database (its own migrations and demo seed). By default the
     * database is a copy of the run's snapshot (DEMO_DATA=0: the migrated one), which saves most of a first start.
     */
    emptyDatabase?: boolean;
  } = {},
) {
  const nodeArgs = options.nodeArgs ?? serverNodeArgs();
  const dataDir = mkdtempSync(path.join(tmpdir(), `ateliermarkt-${name}-`));
  const port = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...extraEnv,
  };
  const demo = env.DEMO_DATA !== '0';
  let dropDb: (() => Promise<void>) | null = null;
  if (process.env.DATABASE_URL) {
    const template = options.emptyDatabase ? null : snapshotFor(demo);
    const fresh = await freshPostgresUrl(process.env.DATABASE_URL, template ?? undefined);
    env.DATABASE_URL = fresh.url;
    dropDb = fresh.drop;
  } else if (!options.emptyDatabase) await dataDirFromSnapshot(dataDir, demo);
  let child: ChildProcess | null = null;
  let output = '';

  async function start() {
    output = '';
    const { NODE_OPTIONS: _ignored, ...inherited } = process.env;
    const started = spawn(process.execPath, nodeArgs, {
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (d) => {
      output += d;
    });
    started.stderr?.on('data', (d) => {
      output += d;
    });
    // Generous: the first start seeds the demo data, and CI's two cores are shared (the browser tests allow as long).
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      if (started.exitCode !== null) throw new Error(`server exited: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start: ${output}`);
  }

  function kill9(): Promise<void> {
    return new Promise((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  }

  /** Sends SIGTERM and resolves with the exit code when the process has ended (null if ended by a signal). */
  function terminate(): Promise<number | null> {
    return new Promise((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null)
        return resolve(running?.exitCode ?? null);
      running.once('exit', (code) => resolve(code));
      running.kill('SIGTERM');
    });
  }

  return {
    port,
    dataDir,
    env,
    /** The running process (null before start). */
    child: () => child,
    baseUrl: `http://127.0.0.1:${port}`,
    start,
    kill9,
    terminate,
    output: () => output,
    async dispose() {
      await kill9();
      await dropDb?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type ServerProcess = Awaited<ReturnType<typeof serverProcess>>;
