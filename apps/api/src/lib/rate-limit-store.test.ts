import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ErrorEnvelope, MESSAGES } from '@ateliermarkt/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { databaseRateLimitStore } from './rate-limit-store.ts';

/** Two app instances on one database: what several servers behind a proxy are (docs/decisions/0008). */
let t: TestApp;
let second: FastifyInstance;
let secondUrl: string;
let secondDir: string;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '4' });
  secondDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-second-'));
  const config = loadConfig(
    { DATA_DIR: secondDir, DEMO_DATA: '1', RATE_LIMIT_PER_MINUTE: '4', LOG_LEVEL: 'silent' },
    { webDistDir: null, databaseUrl: null },
  );
  ({ app: second } = await buildApp({ config, database: t.ctx.database, logger: false }));
  await second.listen({ port: 0, host: '127.0.0.1' });
  const address = second.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  secondUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  rmSync(secondDir, { recursive: true, force: true });
});

const post = async (base: string, url: string, body: unknown) => {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as ErrorEnvelope };
};

type Store = {
  incr: (
    key: string,
    cb: (e: Error | null, r?: { current: number; ttl: number }) => void,
    w: number,
    m: number,
  ) => void;
  read: (key: string, cb: (e: Error | null, r?: { current: number; ttl: number }) => void) => void;
  child: (options: object) => Store;
};

function storeFor(route: string): Store {
  const Ctor = databaseRateLimitStore(t.ctx.db) as unknown as new (options: object) => Store;
  return new Ctor({}).child({ routeInfo: { method: 'POST', url: route } });
}
const incr = (store: Store, key: string, windowMs: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (e, r) => (e || !r ? reject(e) : resolve(r)), windowMs, 1000),
  );
const read = (store: Store, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.read(key, (e, r) => (e || !r ? reject(e) : resolve(r))),
  );

describe('rate limits counted in the database', () => {
  it('holds across two instances: log-ins alternating between them share one count per route', async () => {
    const body = { userNameOrEmailAddress: 'iemand@example.nl', password: 'fout' };
    const statuses: number[] = [];
    let last: ErrorEnvelope | null = null;
    for (let i = 0; i < 6; i++) {
      const res = await post(i % 2 === 0 ? t.baseUrl : secondUrl, '/api/auth/login', body);
      statuses.push(res.status);
      last = res.body;
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
    expect(last?.error.message).toBe(MESSAGES.tooManyRequests);
    // Another route has its own count.
    const reset = await post(secondUrl, '/api/account/reset-password-request', { emailAddress: 'iemand@example.nl' });
    expect(reset.status).toBe(200);
  });

  it('starts a new window when the old one has ended, and reports the time left', async () => {
    const store = storeFor('/window');
    const first = await incr(store, '10.0.0.1', 400);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(400);
    expect((await incr(store, '10.0.0.1', 400)).current).toBe(2);
    expect((await read(store, '10.0.0.1')).current).toBe(2);
    expect((await read(store, '10.0.0.2')).current).toBe(0);
    await new Promise((r) => setTimeout(r, 450));
    expect((await read(store, '10.0.0.1')).current).toBe(0);
    expect((await incr(store, '10.0.0.1', 400)).current).toBe(1);
  });

  it('loses no request when many arrive at once: each gets its own count', async () => {
    const store = storeFor('/burst');
    const results = await Promise.all(Array.from({ length: 25 }, () => incr(store, '10.0.0.3', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('takes any window: 30 days and 400 (past 2^31 ms, which answered 500), and a clock that stepped back', async () => {
    const day = 86_400_000;
    for (const days of [30, 400]) {
      const store = storeFor(`/long-${days}`);
      const first = await incr(store, '10.0.0.4', days * day);
      expect(first.current).toBe(1);
      expect(first.ttl).toBeGreaterThan((days - 1) * day);
      expect(first.ttl).toBeLessThanOrEqual(days * day);
      expect((await incr(store, '10.0.0.4', days * day)).current).toBe(2);
      expect((await read(store, '10.0.0.4')).ttl).toBeGreaterThan((days - 1) * day);
    }
    // The clock stepped back a year after a window began: its end now lies far beyond one window from now. A new
    // window starts instead of a block that would last a year.
    const store = storeFor('/stepped-back');
    expect((await incr(store, '10.0.0.5', 60_000)).current).toBe(1);
    await t.ctx.db
      .update(rateLimitHits)
      .set({ windowEnd: sql`now() + interval '365 days'` })
      .where(eq(rateLimitHits.route, 'POST /stepped-back'));
    const after = await incr(store, '10.0.0.5', 60_000);
    expect(after.current).toBe(1);
    expect(after.ttl).toBeLessThanOrEqual(60_000);
  });

  it('answers an upload under UPLOAD_RATE_WINDOW=30d, not 500', async () => {
    const app = await createTestApp({ UPLOAD_RATE_WINDOW: '30d' }, { sameDatabaseAs: t });
    try {
      const token = await app.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('geen afbeelding')], { type: 'image/png' }), 'x.png');
      const res = await fetch(`${app.baseUrl}/api/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      // Counted (the limit ran) and refused for what it is, not a 500 from the counter.
      expect(res.status).toBe(400);
    } finally {
      await app.close();
    }
  });
});
