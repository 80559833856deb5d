import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WORKSHOP_HEADER } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { freshPostgresUrl } from '../test/test-app.ts';
import { openDatabase } from './client.ts';

/**
 * A PostgreSQL that stalls (requests and the health check hung up to 20.9 s): a table locked by someone
 * else, and every backend of the database stopped with SIGSTOP (as a frozen host or a full disk leaves them). With
 * DATABASE_STATEMENT_TIMEOUT short, requests answer 503 within it, and the health check within a second either way.
 */
describe.runIf(process.env.DATABASE_URL)('a stalled PostgreSQL (runs with DATABASE_URL)', () => {
  const serverUrl = process.env.DATABASE_URL ?? '';
  let app: FastifyInstance;
  let baseUrl: string;
  let url: string;
  let drop: () => Promise<void>;
  let dataDir: string;
  let token: string;
  beforeAll(async () => {
    ({ url, drop } = await freshPostgresUrl(serverUrl));
    dataDir = mkdtempSync(path.join(tmpdir(), 'am-stalled-'));
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        DEMO_DATA: '1',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '1000',
        DATABASE_STATEMENT_TIMEOUT: '2s',
        DATABASE_CONNECT_TIMEOUT: '1s',
      },
      { webDistDir: null, databaseUrl: url },
    );
    const database = await openDatabase({
      databaseUrl: url,
      pgliteDir: null,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      onIdleError: () => {},
    });
    ({ app } = await buildApp({ config, database, logger: false }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
    const workshops = (await (await fetch(`${baseUrl}/api/workspaces/available`)).json()) as {
      id: string;
      name: string;
    }[];
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [WORKSHOP_HEADER]: workshops.find((t) => t.name === 'De Draaischijf')?.id ?? '',
      },
      body: JSON.stringify({ userNameOrEmailAddress: 'beheer@dedraaischijf.nl', password: DEMO_PASSWORD }),
    });
    token = ((await login.json()) as { auth_token: string }).auth_token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const timed = async (pathname: string) => {
    const started = performance.now();
    const res = await fetch(`${baseUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, ms: performance.now() - started };
  };

  it('a request waiting on a lock someone else holds answers 503 after the statement timeout, not never', async () => {
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE categories IN ACCESS EXCLUSIVE MODE');
      const answer = await timed('/api/categories/all');
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(6000);
      // The health check does not touch the table: still 200, at once.
      const health = await timed('/api/health');
      expect(health.status).toBe(200);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await timed('/api/categories/all')).status).toBe(200);
  }, 60_000);

  it('every backend stopped (SIGSTOP): the health check answers 503 within a second, requests 503 soon after', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const database = new URL(url).pathname.slice(1);
    const { rows } = await admin.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    expect(rows.length).toBeGreaterThan(0);
    try {
      for (const { pid } of rows) process.kill(pid, 'SIGSTOP');
      const health = await timed('/api/health');
      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(1500);
      const answer = await timed('/api/categories/all');
      expect(answer.status).toBe(503);
      expect(answer.ms).toBeLessThan(8000);
    } finally {
      for (const { pid } of rows) process.kill(pid, 'SIGCONT');
      await admin.end();
    }
    // It recovers by itself once the database answers again.
    const deadline = Date.now() + 20_000;
    let status = (await timed('/api/health')).status;
    while (status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await timed('/api/health')).status;
    }
    expect(status).toBe(200);
  }, 60_000);
});
