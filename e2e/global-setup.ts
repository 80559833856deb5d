import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../apps/api/scripts/build.ts';
import { hashCheaplyInTests } from '../apps/api/src/lib/crypto.ts';
import { makeTestSnapshot, SNAPSHOT_ENV, unpackSnapshot } from '../apps/api/src/test/snapshot.ts';
import { testChromiumPath } from './support/chromium.ts';
import { E2E_SERVER_V8_ARGS, prepareTestWebApp } from './support/test-app.ts';

/** One worker's server: its address, its data folder (outbox mails), the storefront origin it allows. */
export type E2eServer = {
  baseUrl: string;
  dataDir: string;
  /** The origin the example storefront is served from in storefront.test.ts (listed in SHOP_ORIGINS). */
  storefrontOrigin: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per vitest worker, in the order of the workers' numbers (VITEST_POOL_ID 1, 2, …): support/server.ts. */
    servers: E2eServer[];
    /** The server compiled for this run (test-results/e2e-app/api/dist/server.js), for the files that start their own. */
    serverEntry: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');
const STARTUP_MS = 180_000;

async function freePort(): Promise<number> {
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
 * Starts the compiled server (`entry`, as `npm start` runs it) on `dataDir` (which holds the seeded database already)
 * and waits until it answers.
 */
async function startServer(n: number, dataDir: string, entry: string) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const storefrontOrigin = `http://127.0.0.1:${await freePort()}`;
  let output = '';
  // The server's own log, for when a browser test fails for a reason only the server saw.
  const log = createWriteStream(path.join(root, `test-results/e2e-server-${n}.log`));
  const child: ChildProcess = spawn(process.execPath, [...E2E_SERVER_V8_ARGS, '--enable-source-maps', entry], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SHOP_URL: 'https://winkel.example.nl',
      SHOP_ORIGINS: storefrontOrigin,
      DEMO_DATA: '1',
      RATE_LIMIT_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2_000);
    await exited;
    clearTimeout(timer);
  };
  child.stdout?.on('data', (d) => {
    output += d;
    log.write(d);
  });
  child.stderr?.on('data', (d) => {
    output += d;
    log.write(d);
  });
  // Opening the copied database takes a few seconds on an idle machine and several times that on a loaded one.
  const deadline = Date.now() + STARTUP_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server ${n} stopte bij het starten:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      // Not left running behind the failed run.
      child.kill('SIGKILL');
      throw new Error(`Server ${n} startte niet binnen ${STARTUP_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { server: { baseUrl, dataDir, storefrontOrigin } satisfies E2eServer, stop };
}

/**
 * Starts one real server (built web app, embedded database, demo data) per vitest worker, so the workers run
 * their files at the same time without sharing any data: the demo marketplace is seeded once, and each server starts
 * on its own copy of it in its own DATA_DIR, on its own port and storefront origin. Fails loudly when the web app is
 * not built or Chromium is missing: a browser test never skips.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('De web-app is niet gebouwd: draai eerst `npm run build` (npm run test:e2e doet dat zelf).');
  }
  if (!existsSync(testChromiumPath())) {
    throw new Error(
      `${testChromiumPath()} ontbreekt: apt-get install -y chromium-headless-shell (of zet CHROMIUM_PATH).`,
    );
  }
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  // As many servers as vitest may run workers (`--maxWorkers=1` for one file saves starting the others).
  const count = Math.max(1, project.config.maxWorkers);
  const dataDirs = Array.from({ length: count }, () => mkdtempSync(path.join(tmpdir(), 'ateliermarkt-e2e-')));
  const started: Awaited<ReturnType<typeof startServer>>[] = [];
  let serverEntry = '';
  let removeSnapshot = async () => {};
  let removeTestWebApp = () => {};
  const teardown = async () => {
    await Promise.all(started.map((s) => s.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    delete process.env[SNAPSHOT_ENV];
    await removeSnapshot();
    removeTestWebApp();
  };
  try {
    // The demo accounts' password hashes at the least cost, as the API tests' snapshot has them: the browser tests
    // log in a few hundred times, and no browser test is about what a hash costs (a password a test sets through
    // the server is still hashed at the full cost).
    hashCheaplyInTests();
    // The server compiled as for production (a second), while the demo marketplace is seeded: it starts faster than
    // the TypeScript source through tsx and is what `npm start` runs. It is compiled beside a copy of the web app
    // that also holds axe-core (support/test-app.ts), which it serves as it serves the app's own files.
    const { serverOutDir, remove: removeWebApp } = prepareTestWebApp(root);
    removeTestWebApp = removeWebApp;
    const [entry, { snapshot, remove }] = await Promise.all([buildServer(serverOutDir), makeTestSnapshot(null)]);
    removeSnapshot = remove;
    serverEntry = entry;
    // Kept for the run: the files that start a server of their own (serverProcess) start it on a copy of it too.
    process.env[SNAPSHOT_ENV] = JSON.stringify(snapshot);
    await Promise.all(dataDirs.map((dir) => unpackSnapshot(snapshot.demo, dir)));
    // All at once: much of a start is waiting for its own database.
    const starts = await Promise.allSettled(dataDirs.map((dir, i) => startServer(i + 1, dir, entry)));
    for (const start of starts) if (start.status === 'fulfilled') started.push(start.value);
    const failed = starts.find((start) => start.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide(
    'servers',
    started.map((s) => s.server),
  );
  project.provide('serverEntry', serverEntry);
  return teardown;
}
