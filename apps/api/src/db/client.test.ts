import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../test/test-app.ts';
import { openDatabase } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';

type Rows = { rows: Record<string, unknown>[] };

// CI runs the API tests on PGlite and again on PostgreSQL; this one is about the PostgreSQL pool only.
describe.runIf(process.env.DATABASE_URL)('the PostgreSQL pool (runs with DATABASE_URL)', () => {
  it('compiles nothing with JIT on any of its connections, whatever the server is configured with', async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL as string, pgliteDir: null });
    try {
      // Several connections at once, so more than the first one of the pool is asked.
      const answers = await Promise.all(
        [1, 2, 3].map(async () => ((await database.db.execute(sql`show jit`)) as unknown as Rows).rows[0]?.jit),
      );
      expect(answers).toEqual(['off', 'off', 'off']);
    } finally {
      await database.close();
    }
  });

  it('survives the server ending its idle connections: reported, replaced, no uncaught error', async () => {
    const fresh = await freshPostgresUrl(process.env.DATABASE_URL as string);
    const lost: Error[] = [];
    const database = await openDatabase({
      databaseUrl: fresh.url,
      pgliteDir: null,
      onIdleError: (error) => lost.push(error),
    });
    try {
      // Three connections open and back in the pool, idle.
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      const admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL as string, pgliteDir: null });
      const ended = (await admin.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${new URL(fresh.url).pathname.slice(1)}`,
      )) as unknown as Rows;
      await admin.close();
      expect(ended.rows.length).toBeGreaterThan(0);
      await expect.poll(() => lost.length).toBe(ended.rows.length);
      expect(lost[0]?.message).toMatch(/terminat/i);
      const after = (await database.db.execute(sql`select 1 as one`)) as unknown as Rows;
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  it('survives losing a connection in the middle of a transaction: the transaction fails as unavailable, no uncaught error', async () => {
    const fresh = await freshPostgresUrl(process.env.DATABASE_URL as string);
    const database = await openDatabase({ databaseUrl: fresh.url, pgliteDir: null, onIdleError: () => {} });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const inFlight = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select pg_sleep(5)`);
      });
      const outcome = inFlight.then(
        () => 'committed',
        (error: unknown) => error,
      );
      const admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL as string, pgliteDir: null });
      await expect
        .poll(async () => {
          const r = (await admin.db.execute(
            sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'select pg_sleep(5)%'`,
          )) as unknown as Rows;
          return r.rows.length;
        })
        .toBeGreaterThan(0);
      await admin.close();
      const error = await outcome;
      expect(isDatabaseUnavailable(error)).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(uncaught).toEqual([]);
      const after = (await database.db.execute(sql`select 1 as one`)) as unknown as Rows;
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
      await fresh.drop();
    }
  });
});
