import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../test/test-app.ts';
import { openDatabase, withGenericPlans } from './client.ts';
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

  it('runs a named statement with its generic plan from the first run; the connection goes back planning as before', async () => {
    // One connection, so the statement and the setting asked about afterwards are that connection's.
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL as string, max: 1 });
    const text = 'select relname from pg_class where relname = $1';
    try {
      for (const relname of ['pg_class', 'pg_proc', 'pg_type', 'pg_class', 'pg_proc', 'pg_type', 'pg_class']) {
        const rows = await withGenericPlans(pool, (client) =>
          client.query<unknown[]>({ name: 'generic_test', text, values: [relname], rowMode: 'array' }),
        );
        expect(rows).toEqual([[relname]]);
      }
      const kept = await pool.query(
        "select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = 'generic_test'",
      );
      expect(kept.rows).toEqual([{ generic: 7, custom: 0 }]);
      expect((await pool.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
      // A statement that fails leaves the setting reset too, and the connection in use.
      await expect(
        withGenericPlans(pool, (client) =>
          client.query<unknown[]>({ name: 'generic_fails', text: 'select 1/$1::int', values: [0] }),
        ),
      ).rejects.toThrow(/division by zero/);
      expect((await pool.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'auto' }]);
    } finally {
      await pool.end();
    }
    // Through the app's pool: the rows of a plain run, and every connection back at the server's own choice.
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL as string, pgliteDir: null });
    try {
      const runs = await Promise.all(
        [1, 2, 3, 4].map(() => database.arrays(text, ['pg_class'], 'generic_test', 'generic')),
      );
      expect(runs).toEqual([[['pg_class']], [['pg_class']], [['pg_class']], [['pg_class']]]);
      const modes = await Promise.all(
        [1, 2, 3, 4].map(async () => ((await database.db.execute(sql`show plan_cache_mode`)) as unknown as Rows).rows),
      );
      expect(modes.flat()).toEqual(Array(4).fill({ plan_cache_mode: 'auto' }));
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
