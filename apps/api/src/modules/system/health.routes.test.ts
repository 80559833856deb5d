import { ERROR_CODES, type ErrorEnvelope, MESSAGES } from '@ateliermarkt/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** GET /api/health says whether this instance can serve: its database answers and takes writes. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Every write refused from now on: PGlite's one session becomes read-only; on PostgreSQL the database defaults to
 * read-only and the pool's sessions are ended, so the pool opens read-only ones.
 */
async function readOnly(on: boolean) {
  if (t.ctx.database.kind === 'pglite') {
    await t.ctx.database.arrays(`SET SESSION CHARACTERISTICS AS TRANSACTION ${on ? 'READ ONLY' : 'READ WRITE'}`, []);
    return;
  }
  const [[name]] = (await t.ctx.database.arrays('select current_database()', [])) as [[string]];
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(
    `ALTER DATABASE ${name} ${on ? 'SET default_transaction_read_only = on' : 'RESET default_transaction_read_only'}`,
  );
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  await admin.end();
}

describe('health', () => {
  it('answers 200 while the database takes writes', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
  });

  it('answers 503 while every write fails, and 200 again after', async () => {
    await readOnly(true);
    try {
      const token = await t.tokenFor('admin@ateliermarkt.nl', null).catch((error: Error) => error.message);
      expect(token).toContain('failed'); // a log-in writes (the session), so it cannot succeed
      const res = await t.call<ErrorEnvelope>('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: ERROR_CODES.unavailable, message: MESSAGES.databaseUnavailable });
    } finally {
      await readOnly(false);
    }
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });

  it('answers 503, not 500, when the database is gone', async () => {
    const down = await createTestApp();
    try {
      await down.ctx.database.close();
      const res = await down.call<ErrorEnvelope>('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe(MESSAGES.databaseUnavailable);
    } finally {
      // The database is closed already; closing it again may complain.
      await down.close().catch(() => {});
    }
  });
});
