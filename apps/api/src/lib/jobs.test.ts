import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { freshDatabase, freshPostgresUrl } from '../test/test-app.ts';
import { backoffMs, createJobs, DEFAULT_RETRY, defineJob, type Jobs } from './jobs.ts';

/**
 * The job runner on its own (lib/jobs.ts): on in-memory PGlite, or with DATABASE_URL on a fresh PostgreSQL database
 * opened twice, so the two runners below are two instances with their own connections (FOR UPDATE SKIP LOCKED).
 */
const log = pino({ level: 'silent' });
let a: Database;
let b: Database;
let drop = async () => {};
const runners: Jobs[] = [];

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const fresh = await freshPostgresUrl(serverUrl);
    drop = fresh.drop;
    a = await openDatabase({ databaseUrl: fresh.url, pgliteDir: null });
    b = await openDatabase({ databaseUrl: fresh.url, pgliteDir: null });
  } else {
    // Migrated, no data: a copy of the run's snapshot (test-app.ts), not initdb and every migration again.
    a = (await freshDatabase(false)).database;
    b = a;
  }
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await a?.close();
  if (b !== a) await b?.close();
  await drop();
});
beforeEach(async () => {
  await a.db.delete(jobs);
});

/** A runner with a `note` kind that records each run, and a `flaky` kind that fails while `failing` is set. */
function runner(database: Database, runs: string[], state = { failing: true }) {
  const r = createJobs(database.db, log);
  r.register(
    defineJob('note', z.object({ n: z.number() }), async ({ n }, job) => {
      runs.push(`${n}:${job.attempts}`);
    }),
  );
  r.register(
    defineJob('flaky', z.object({}), async () => {
      if (state.failing) throw new Error('mail server not there');
      runs.push('flaky');
    }),
  );
  runners.push(r);
  return r;
}

const rowsOf = (kind: string) => a.db.select().from(jobs).where(eq(jobs.kind, kind));

describe('a job written in a transaction', () => {
  it('is not run when the transaction rolls back, and run once when it commits', async () => {
    const runs: string[] = [];
    const r = runner(a, runs);
    await expect(
      a.db.transaction(async (tx) => {
        await r.enqueue(tx, 'note', { n: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await a.db.transaction(async (tx) => {
      await r.enqueue(tx, 'note', { n: 2 });
    });
    await r.drain();
    await r.drain();
    expect(runs).toEqual(['2:1']);
    const [row] = await rowsOf('note');
    expect(row?.status).toBe('done');
  });
});

describe("a job's payload", () => {
  it('is refused at enqueue when it does not match its kind, and a stored one that does not is given up unrun', async () => {
    const runs: string[] = [];
    const r = runner(a, runs);
    await expect(r.enqueue(a.db, 'note', { n: 'twee' })).rejects.toThrow(
      'payload of job kind note does not match its schema: n:',
    );
    expect(await rowsOf('note')).toEqual([]);
    // As an older release (or a hand) may have written it: straight into the table.
    await a.db.insert(jobs).values({ kind: 'note', payload: { m: 1 }, giveUpAt: sql`now() + interval '1 day'` });
    await r.drain();
    expect(runs).toEqual([]);
    const [row] = await rowsOf('note');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lockedBy: null });
    expect(row?.lastError).toContain('payload of job kind note does not match its schema: n:');
    expect(row?.finishedAt).not.toBeNull();
  });
});

describe('two instances', () => {
  it('run each of 40 committed jobs exactly once', async () => {
    const runs: string[] = [];
    const one = runner(a, runs);
    const two = runner(b, runs);
    for (let n = 0; n < 40; n++) await one.enqueue(a.db, 'note', { n });
    await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
    expect(runs.map((r) => Number(r.split(':')[0])).sort((x, y) => x - y)).toEqual([...Array(40).keys()]);
    expect(runs.every((r) => r.endsWith(':1'))).toBe(true);
    const statuses = new Set((await rowsOf('note')).map((row) => row.status));
    expect(statuses).toEqual(new Set(['done']));
    console.log(`two runners (${a === b ? 'PGlite' : 'PostgreSQL, two pools'}): 40 jobs, ${runs.length} runs`);
  });
});

describe('a failing job', () => {
  it('is retried with a growing delay: within 10 s first, at most every 10 minutes', () => {
    expect(backoffMs(DEFAULT_RETRY, 1)).toBeLessThanOrEqual(10_000);
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map((n) => backoffMs(DEFAULT_RETRY, n));
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
    expect(delays.at(-1)).toBe(600_000);
    expect(DEFAULT_RETRY.giveUpAfterMs).toBe(86_400_000);
  });

  it('waits for its retry, runs again when due, and is given up (failed) after its give-up time', async () => {
    const runs: string[] = [];
    const state = { failing: true };
    const r = runner(a, runs, state);
    await r.enqueue(a.db, 'flaky', {});
    await r.drain();
    let [row] = await rowsOf('flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'mail server not there', lockedBy: null });
    // Scheduled in the future, within the first delay (the database's clock).
    const [due] = await a.db
      .select({
        future: sql<boolean>`${jobs.runAt} > now()`,
        soon: sql<boolean>`${jobs.runAt} <= now() + interval '10 seconds'`,
      })
      .from(jobs)
      .where(eq(jobs.kind, 'flaky'));
    expect(due).toEqual({ future: true, soon: true });

    // Due again (as if the delay passed): a second failure.
    await a.db.update(jobs).set({ runAt: sql`now()` });
    await r.drain();
    [row] = await rowsOf('flaky');
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });

    // Past its give-up time, the next failure is final.
    await a.db.update(jobs).set({ runAt: sql`now()`, giveUpAt: sql`now() - interval '1 second'` });
    await r.drain();
    [row] = await rowsOf('flaky');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'mail server not there' });
    expect(row?.finishedAt).toBeInstanceOf(Date);

    // Sent again by hand once the cause is gone.
    state.failing = false;
    expect(await r.retryFailed(row?.id ?? '', 'flaky')).toBe(true);
    expect(await r.retryFailed(row?.id ?? '', 'flaky')).toBe(false);
    await r.drain();
    [row] = await rowsOf('flaky');
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
    expect(runs).toEqual(['flaky']);
  });
});

describe('a crashed worker', () => {
  it('leaves its claimed job to another instance once the lease has expired, not before', async () => {
    const runs: string[] = [];
    const r = runner(a, runs);
    const id = await r.enqueue(a.db, 'note', { n: 7 });
    // Claimed by a worker that died: its lease still runs.
    await a.db
      .update(jobs)
      .set({ status: 'running', lockedBy: 'dead-worker', lockedUntil: sql`now() + interval '1 minute'`, attempts: 1 })
      .where(eq(jobs.id, id));
    await r.drain();
    expect(runs).toEqual([]);
    // The lease ran out.
    await a.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` });
    await r.drain();
    expect(runs).toEqual(['7:2']);
    const [row] = await rowsOf('note');
    expect(row).toMatchObject({ status: 'done', lockedBy: null });
  });
});

describe('scheduled work', () => {
  it('runs recurring tasks every SCHEDULER_INTERVAL: 60s unless set, written as a duration', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ateliermarkt-config-'));
    try {
      const interval = (value?: string) =>
        loadConfig({ DATA_DIR: dataDir, ...(value === undefined ? {} : { SCHEDULER_INTERVAL: value }) })
          .schedulerIntervalMs;
      expect(interval()).toBe(60_000);
      expect(interval('90s')).toBe(90_000);
      expect(interval('15m')).toBe(900_000);
      expect(() => interval('15 minuten')).toThrow('SCHEDULER_INTERVAL moet een duur zijn');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs a job with a later run_at only when it is due', async () => {
    const runs: string[] = [];
    const r = runner(a, runs);
    await r.enqueue(a.db, 'note', { n: 3 }, { runAt: new Date(Date.now() + 3_600_000) });
    await r.drain();
    expect(runs).toEqual([]);
    await a.db.update(jobs).set({ runAt: sql`now()` });
    await r.drain();
    expect(runs).toEqual(['3:1']);
  });

  it('runs a recurring task once per interval for all instances together, and stops cleanly', async () => {
    let count = 0;
    const make = (database: Database) => {
      const r = createJobs(database.db, log);
      r.every('tick', 60_000, async () => {
        count++;
      });
      return r;
    };
    const one = make(a);
    const two = make(b);
    await one.start();
    await two.start();
    await Promise.all([one.drain(), two.drain()]);
    expect(count).toBe(1);
    const rows = await rowsOf('tick');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0 });
    const [next] = await a.db
      .select({ later: sql<boolean>`${jobs.runAt} > now() + interval '50 seconds'` })
      .from(jobs)
      .where(eq(jobs.kind, 'tick'));
    expect(next?.later).toBe(true);
    // Due again: one of the two runs it.
    await a.db.update(jobs).set({ runAt: sql`now()` });
    await Promise.all([one.drain(), two.drain()]);
    expect(count).toBe(2);
    await one.stop();
    await two.stop();
    // Stopped: nothing runs any more, even when due.
    await a.db.update(jobs).set({ runAt: sql`now()` });
    one.nudge();
    await one.drain();
    expect(count).toBe(2);
  });
});
