import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ErrorEnvelope, type TokenResponse, WORKSHOP_HEADER } from '@ateliermarkt/contract';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { settableClock } from '../lib/clock.ts';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { readOutbox } from './outbox.ts';
import { pgliteFsBundle, snapshotBlob, TEST_PGLITE_START, testSnapshot } from './snapshot.ts';

export { linkIn, readOutbox } from './outbox.ts';

/**
 * A new database on the PostgreSQL server of DATABASE_URL, and how to drop it again: empty, or a copy of `template`
 * (the run's seeded snapshot, snapshot.ts).
 */
export async function freshPostgresUrl(
  serverUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `am_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the PostgreSQL server named by
 * DATABASE_URL (CI runs the API tests both ways). Under vitest it is a copy of the run's snapshot (migrated, and
 * seeded when `demo`), made once by global-setup.ts; elsewhere (scripts) an empty one the app migrates and seeds.
 * Tests of the database layer without an app take one too (`freshDatabase(false)`: migrated, no data), instead of
 * running initdb and every migration again.
 */
export async function freshDatabase(demo: boolean): Promise<{ database: Database; drop: () => Promise<void> }> {
  const snapshot = testSnapshot();
  const base = snapshot ? (demo ? snapshot.demo : snapshot.empty) : undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const loadDataDir = base ? snapshotBlob(base) : undefined;
    const database = await openDatabase({
      databaseUrl: null,
      pgliteDir: null,
      pgliteStart: { ...TEST_PGLITE_START, fsBundle: pgliteFsBundle() },
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    return { database, drop: async () => {} };
  }
  const { url, drop } = await freshPostgresUrl(serverUrl, base);
  const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
  return { database, drop };
}

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };
type Call = { token?: string; body?: unknown; headers?: Record<string, string>; raw?: string };

/** Builds the real app on a fresh database with the demo data, listening on a free port. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: { write: (line: string) => void };
    /** A second instance on the database of this one (same secrets); it leaves that database open when it closes. */
    sameDatabaseAs?: TestApp;
    webDistDir?: string;
    /** Freezes the app's clock (ctx.now(), lib/clock.ts) at this moment; `t.clock` moves it later. */
    now?: Date;
    /** The clock of session lifetimes and second-factor codes (ctx.sessionClock), moved by the test itself. */
    sessionClock?: () => Date;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-test-'));
  const first = options.sameDatabaseAs;
  const shared = first
    ? { JWT_SECRET: first.ctx.config.jwtSecret, PAYMENT_WEBHOOK_SECRET: first.ctx.config.paymentWebhookSecret }
    : {};
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      RATE_LIMIT_PER_MINUTE: '1000',
      UPLOAD_RATE_LIMIT: '1000',
      LOG_LEVEL: 'silent',
      LOG_FORMAT: 'json',
      ...shared,
      ...env,
    },
    { webDistDir: options.webDistDir ?? null, databaseUrl: null },
  );
  const { database, drop } = first
    ? { database: first.ctx.database, drop: async () => {} }
    : await freshDatabase(config.demoData);
  const { logStream } = options;
  const clock = settableClock(options.now ?? null);
  const { app, ctx } = await buildApp({
    config,
    database,
    now: clock.now,
    ...(options.sessionClock ? { sessionClock: options.sessionClock } : {}),
    ...(logStream ? { logStream } : { logger: false }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  async function call<T = unknown>(method: string, url: string, options: Call = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(`${baseUrl}${url}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  async function workshopId(name: string): Promise<string> {
    const res = await call<{ id: string; name: string }[]>('GET', '/api/workspaces/available');
    const found = res.body.find((t) => t.name === name);
    if (!found) throw new Error(`no tenant ${name}`);
    return found.id;
  }

  async function login(user: string, workshop: string | null, password = DEMO_PASSWORD) {
    const headers: Record<string, string> = workshop ? { [WORKSHOP_HEADER]: await workshopId(workshop) } : {};
    return call<TokenResponse & ErrorEnvelope>('POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: user, password },
      headers,
    });
  }

  async function tokenFor(user: string, workshop: string | null, password = DEMO_PASSWORD): Promise<string> {
    const res = await login(user, workshop, password);
    if (res.status !== 200) throw new Error(`login ${user} failed: ${JSON.stringify(res.body)}`);
    return res.body.auth_token;
  }

  return {
    app,
    ctx,
    baseUrl,
    dataDir,
    call,
    login,
    tokenFor,
    tenantId: workshopId,
    /** The app's clock (ctx.now()): the system's time until a test sets it. */
    clock,
    /** The mails written to DATA_DIR/outbox, once the job runner has delivered every due one. */
    async mails() {
      await ctx.jobs.drain();
      return readOutbox(dataDir);
    },
    /** Runs the due jobs until none is left (the mail outbox, lib/jobs.ts): a deterministic wait, not a sleep. */
    settled: () => ctx.jobs.drain(),
    async close() {
      await app.close();
      if (!first) await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The two demo workshops most tests act in: one's own, and another to leak into. */
export const DEMO_WORKSHOP = 'De Draaischijf';
export const OTHER_DEMO_WORKSHOP = 'Glasatelier Helder';

/** Tokens of the demo data's roles: the workshop's admin and user, the other workshop's admin, the super admin. */
export async function demoTokens(t: TestApp) {
  return {
    admin: await t.tokenFor('beheer@dedraaischijf.nl', DEMO_WORKSHOP),
    user: await t.tokenFor('medewerker@dedraaischijf.nl', DEMO_WORKSHOP),
    otherAdmin: await t.tokenFor('beheer@glasatelierhelder.nl', OTHER_DEMO_WORKSHOP),
    superAdmin: await t.tokenFor('admin@ateliermarkt.nl', null),
  };
}
