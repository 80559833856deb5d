import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * The clock the tests run under. scripts/shifted-clock-tests.sh runs the date-bound tests under libfaketime with
 * TEST_EXPECT_NOW set to the shifted moment: then this proves the test process and the database both see it (and not
 * the machine's real date). Without it, the app's clock, the process and the database agree with each other.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEMO_DATA: '0' });
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;

describe('the clock the tests run under', () => {
  it('is the same in the process, the app and the database, and is the shifted one when a run asks for it', async () => {
    const rows = (await t.ctx.db.execute(sql`select now() as now`)) as unknown as { rows: { now: Date | string }[] };
    const database = new Date(rows.rows[0]?.now ?? 0).getTime();
    const processNow = Date.now();
    expect(Math.abs(t.ctx.now().getTime() - processNow)).toBeLessThan(MINUTE);
    expect(Math.abs(database - processNow)).toBeLessThan(MINUTE);
    const expected = process.env.TEST_EXPECT_NOW;
    if (expected) {
      const at = Date.parse(expected);
      expect(Number.isNaN(at)).toBe(false);
      // The run's clock started at `expected` a few minutes ago at most (the snapshot and earlier files took that).
      expect(processNow - at).toBeGreaterThanOrEqual(-MINUTE);
      expect(processNow - at).toBeLessThan(20 * MINUTE);
      console.log(
        `shifted clock: process ${new Date(processNow).toISOString()}, database ${new Date(database).toISOString()}`,
      );
    }
  });
});
