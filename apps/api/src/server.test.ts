import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TENANT_HEADER } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './seed/demo-data.ts';
import { freshPostgresUrl } from './test/test-app.ts';

/** The real server process, stopped with kill -9 and started again: nothing it acknowledged may be lost. */

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

let dataDir: string;
let port: number;
let env: Record<string, string>;
let dropDb: (() => Promise<void>) | null = null;
let child: ChildProcess | null = null;
let output = '';

async function startServer() {
  output = '';
  child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  // Seeding the demo data takes a while on a busy 2-core CI machine; the browser tests' setup allows as long.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

function kill9(): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function login(password: string) {
  const tenants = await call('GET', '/api/workspaces/available');
  const tenant = tenants.body.find((t: { name: string }) => t.name === 'De Draaischijf');
  return call(
    'POST',
    '/api/auth/login',
    { userNameOrEmailAddress: 'medewerker@dedraaischijf.nl', password },
    { [TENANT_HEADER]: tenant.id },
  );
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-server-'));
  port = await freePort();
  env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: '1', LOG_LEVEL: 'warn' };
  if (process.env.DATABASE_URL) {
    const fresh = await freshPostgresUrl(process.env.DATABASE_URL);
    env.DATABASE_URL = fresh.url;
    dropDb = fresh.drop;
  }
});

afterAll(async () => {
  await kill9();
  await dropDb?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('prints the demo log-ins at start', async () => {
    await startServer();
    expect(output).toContain('admin@ateliermarkt.nl');
    expect(output).toContain('beheer@dedraaischijf.nl');
    expect(output).toContain(DEMO_PASSWORD);
  }, 90_000);

  it('keeps an acknowledged profile and password change through kill -9', async () => {
    const token = (await login(DEMO_PASSWORD)).body.auth_token as string;
    const auth = { authorization: `Bearer ${token}` };
    const put = await call(
      'PUT',
      '/api/identity/my-profile',
      { name: 'Tomas', surname: 'Bakker-Duurzaam', email: 'tomas@dedraaischijf.nl', phoneNumber: '030 555 0101' },
      auth,
    );
    expect(put.status).toBe(200);
    const pw = await call(
      'POST',
      '/api/identity/my-profile/change-password',
      { currentPassword: DEMO_PASSWORD, newPassword: 'Duurzaam2026!' },
      auth,
    );
    expect(pw.status).toBe(204);

    await kill9();
    await startServer();

    expect((await login(DEMO_PASSWORD)).status).toBe(400);
    const again = await login('Duurzaam2026!');
    expect(again.status).toBe(200);
    const profile = await call('GET', '/api/identity/my-profile', undefined, {
      authorization: `Bearer ${again.body.auth_token}`,
    });
    expect(profile.body).toMatchObject({ name: 'Tomas', surname: 'Bakker-Duurzaam', email: 'tomas@dedraaischijf.nl' });
    // The old access token still verifies: the generated signing key was kept (DATA_DIR on PGlite, the database on
    // PostgreSQL).
    expect((await call('GET', '/api/identity/my-profile', undefined, auth)).status).toBe(200);
  }, 90_000);

  it('does not seed the demo data twice', async () => {
    const tenants = await call('GET', '/api/workspaces/available');
    expect(tenants.body).toHaveLength(3);
  });
});
