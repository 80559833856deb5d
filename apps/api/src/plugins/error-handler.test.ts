import { ERROR_CODES, MESSAGES } from '@ateliermarkt/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * An unforeseen failure: the caller gets the generic Dutch envelope, the log gets the cause. The
 * failure is a real one: a column the code reads has gone, so the database answers with its own message about the
 * SQL Drizzle wrote, and the error carries a stack through our source files.
 */
describe('a 500', () => {
  const lines: string[] = [];
  let t: TestApp;
  let superToken: string;
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'error', LOG_FORMAT: 'json' },
      { logStream: { write: (l) => void lines.push(l) } },
    );
    superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
    await t.ctx.db.execute(sql`ALTER TABLE pages RENAME COLUMN body TO body_gone`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the generic Dutch message and hides the cause, which only the log holds', async () => {
    const res = await t.call('GET', '/api/pages/all', { token: superToken });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({
      error: { code: ERROR_CODES.internal, message: MESSAGES.generalError, details: null, validationErrors: null },
    });

    const logged = lines.map((l) => JSON.parse(l) as { msg: string; err?: { message: string; stack: string } });
    const entry = logged.find((e) => e.msg === 'unhandled error');
    const cause = `${entry?.err?.message ?? ''}\n${entry?.err?.stack ?? ''}`;
    // What the log holds is exactly what the body must not: the SQL, the database's words, the source files.
    expect(cause).toMatch(/select/i);
    expect(cause).toContain('"pages"');
    expect(cause).toMatch(/\.ts:\d+/);
    const body = JSON.stringify(res.body);
    for (const internal of [/select/i, /pages/, /body/, /column/i, /\.ts\b/, /\/(work|home|tmp|app)\//, /\bat\s/]) {
      expect(body).not.toMatch(internal);
    }
  });
});
