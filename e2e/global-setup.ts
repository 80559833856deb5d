import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The origin the example storefront is served from in storefront.test.ts (listed in SHOP_ORIGINS). */
    storefrontOrigin: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

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
 * Starts the real server (built web app, embedded database, demo data) once for all browser tests. Fails loudly
 * when the web app is not built or Chromium is missing: a browser test never skips.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('De web-app is niet gebouwd: draai eerst `npm run build` (npm run test:e2e doet dat zelf).');
  }
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    throw new Error('Chromium ontbreekt: apt-get install -y chromium (of zet CHROMIUM_PATH).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const storefrontOrigin = `http://127.0.0.1:${await freePort()}`;
  let output = '';
  // The server's own log, for when a browser test fails for a reason only the server saw.
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const log = createWriteStream(path.join(root, 'test-results/e2e-server.log'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
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
  child.stdout?.on('data', (d) => {
    output += d;
    log.write(d);
  });
  child.stderr?.on('data', (d) => {
    output += d;
    log.write(d);
  });
  // On a machine shared by several test runs the first start (demo data, migrations) can take longer than a minute.
  const startSeconds = Number(process.env.E2E_SERVER_START_SECONDS) || 60;
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`De server stopte bij het starten:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`De server startte niet binnen ${startSeconds} s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('storefrontOrigin', storefrontOrigin);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
