import { type ErrorEnvelope, MESSAGES } from '@ateliermarkt/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { registerDiskGuard } from './disk-guard.ts';

let t: TestApp;
beforeAll(async () => {
  // No disk has 100 TB free: the guard sees this one as full.
  t = await createTestApp({ MIN_FREE_DISK_MB: '100000000' });
});
afterAll(async () => {
  await t?.close();
});

describe('writes stop before the disk is full (embedded database)', () => {
  // The guard watches DATA_DIR's disk under the embedded database; PostgreSQL's disk is not ours (it answers 53100).
  const onPostgres = Boolean(process.env.DATABASE_URL);

  it.runIf(onPostgres)('is not applied on PostgreSQL: writes go on whatever DATA_DIR holds', async () => {
    const write = await t.call('POST', '/api/auth/login', {
      body: { userNameOrEmailAddress: 'admin@ateliermarkt.nl', password: 'Atelier2026!' },
    });
    expect(write.status).toBe(200);
  });

  it.runIf(!onPostgres)(
    'refuses writes with 503 and a Dutch reason while free space is below MIN_FREE_DISK_MB; reads go on',
    async () => {
      const write = await t.call<ErrorEnvelope>('POST', '/api/auth/login', {
        body: { userNameOrEmailAddress: 'admin@ateliermarkt.nl', password: 'Atelier2026!' },
      });
      expect(write.status).toBe(503);
      expect(write.body.error.message).toBe(MESSAGES.storageFull);
      expect((await t.call('GET', '/api/shop/products')).status).toBe(200);
      expect((await t.call('GET', '/api/health')).status).toBe(200);
    },
  );

  it('with room again, writes are accepted within a second (free space is asked at most once a second)', async () => {
    const app = Fastify({ logger: false });
    let free = 10;
    let clock = 0;
    registerDiskGuard(app, { dir: '/', minFreeBytes: 100, free: () => free, now: () => clock });
    app.post('/w', async () => ({ ok: true }));
    app.get('/r', async () => ({ ok: true }));
    expect((await app.inject({ method: 'POST', url: '/w' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/r' })).statusCode).toBe(200);
    free = 1000;
    clock = 500;
    expect((await app.inject({ method: 'POST', url: '/w' })).statusCode).toBe(503);
    clock = 1000;
    expect((await app.inject({ method: 'POST', url: '/w' })).statusCode).toBe(200);
    await app.close();
  });
});
