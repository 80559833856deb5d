import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WORKSHOP_HEADER } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/demo-data.ts';
import { compileServer, NO_TYPESCRIPT_ARGS, runServerBuild } from './test/compiled-server.ts';
import { type ServerProcess, serverProcess } from './test/server-process.ts';

/** The production start: the server compiled by `npm run build`, run by plain node with NODE_ENV=production. */

const secrets = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-jwt-secret-of-at-least-32-chars',
  PAYMENT_WEBHOOK_SECRET: 'a-production-webhook-secret-of-32-chars-or-more',
};

let ownBuild: Awaited<ReturnType<typeof compileServer>> | undefined;
let entry: string;
let server: ServerProcess;
beforeAll(async () => {
  // The run's build (global-setup.ts compiles it with the same `buildServer` as `npm run build`); its own elsewhere.
  const runBuild = runServerBuild();
  if (runBuild) entry = runBuild;
  else {
    ownBuild = await compileServer();
    entry = ownBuild.entry;
  }
  server = await serverProcess(
    'compiled',
    { ...secrets, DEMO_DATA: '1' },
    // A new installation's first start: the build's own migrations and seed, not the test run's snapshot.
    { nodeArgs: [...NO_TYPESCRIPT_ARGS, entry], emptyDatabase: true },
  );
  await server.start();
}, 90_000);

afterAll(async () => {
  await server?.dispose();
  ownBuild?.dispose();
});

describe('the compiled server', () => {
  it('imports no TypeScript and no tsx: the contract is bundled, other packages come from node_modules', () => {
    const code = readFileSync(entry, 'utf8');
    expect(code).not.toMatch(/from\s*["'][^"']*\.ts["']/);
    expect(code).not.toMatch(/["']tsx(\/[^"']*)?["']/);
    expect(code).not.toContain('@ateliermarkt/contract');
  });

  it('runs under plain node with TypeScript refused, answers the health check and logs in', async () => {
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    expect(await adminToken()).toBeTruthy();
  });

  it('refuses to start in production without its secrets, and says which', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-no-secrets-'));
    const { NODE_OPTIONS: _ignored, JWT_SECRET: _a, PAYMENT_WEBHOOK_SECRET: _b, ...inherited } = process.env;
    const run = spawnSync(process.execPath, [entry], {
      env: { ...inherited, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    rmSync(dataDir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('JWT_SECRET ontbreekt');
    expect(run.stderr).toContain('PAYMENT_WEBHOOK_SECRET ontbreekt');
  });

  it('finds its migrations beside the bundle and the PDF fonts in pdfkit', async () => {
    // The demo data went through every migration; a shipping label needs pdfkit's font files at run time.
    const headers = { authorization: `Bearer ${await adminToken()}` };
    const list = (await (await fetch(`${server.baseUrl}/api/reservations/all`, { headers })).json()) as {
      id: string;
      willShip: boolean;
      isPaid: boolean;
    }[];
    const paid = list.find((r) => r.willShip && r.isPaid);
    expect(paid).toBeDefined();
    const label = await fetch(`${server.baseUrl}/api/files/label?reservationId=${paid?.id}`, { headers });
    expect(label.status).toBe(200);
    expect(
      Buffer.from(await label.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

async function adminToken(): Promise<string> {
  const workshops = (await (await fetch(`${server.baseUrl}/api/workspaces/available`)).json()) as {
    id: string;
    name: string;
  }[];
  const workshop = workshops.find((t) => t.name === 'De Draaischijf');
  const login = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [WORKSHOP_HEADER]: workshop?.id ?? '' },
    body: JSON.stringify({ userNameOrEmailAddress: 'beheer@dedraaischijf.nl', password: DEMO_PASSWORD }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { auth_token: string }).auth_token;
}
