import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

/**
 * The job runner (docs/decisions/0019): one table, `jobs`, holds the mail outbox and every scheduled task. A change
 * writes its job in its own transaction (`enqueue(tx, …)`), so a rolled-back change leaves nothing to do and a
 * committed one is done even when the process dies right after the commit. Each instance claims due rows with
 * `FOR UPDATE SKIP LOCKED` (on PostgreSQL two instances never claim the same row; PGlite has one connection and one
 * process anyway), runs the handler registered for the kind outside any transaction, and marks the row done, or
 * schedules a retry with backoff until the kind's give-up time, after which the row is `failed` for the super admin.
 * A claim is a lease: when an instance dies while running a job, another claims it again after LEASE_MS, so a job
 * runs at least once (a mail may, rarely, go out twice; never zero times).
 */

export type RetryPolicy = {
  /** Delay after the first failure; each next one doubles. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Measured from the enqueue (or a manual retry): after this the job is given up (`failed`). */
  giveUpAfterMs: number;
};

/** Mail: first retry within 10 s, then growing, at most every 10 minutes, given up after a day. */
export const DEFAULT_RETRY: RetryPolicy = { firstDelayMs: 5_000, maxDelayMs: 600_000, giveUpAfterMs: 86_400_000 };

/**
 * How long a claim holds without renewal: while its handler runs, the instance renews it every third of it, so a
 * slow send (RFC 5321 allows 10 minutes for the answer to a mail's end) is never taken over while its instance lives;
 * only a dead instance's job is, this long after its last renewal. At least the longest send (SMTP_TIMEOUT + 1 min).
 */
export const LEASE_MS = 5 * 60_000;
/** How often an instance looks for due jobs besides the nudge after its own commits. */
export const POLL_MS = 2_000;
const BATCH = 10;

export type JobContext = { id: string; kind: string; attempts: number };

/**
 * A kind of job: its name, the schema of its payload and what runs it. The runner checks a claimed job's payload
 * against the schema before the handler sees it (a payload written by an older release, or by hand, that does not
 * match is given up at once with the schema's complaint as its error: it would fail the same way on every retry),
 * and `enqueue` refuses to write one that does not match, in the caller's transaction.
 */
export type JobDefinition<P> = {
  kind: string;
  payload: z.ZodType<P>;
  handler: (payload: P, job: JobContext) => Promise<void>;
  retry?: RetryPolicy;
  /** What of the payload is kept once done (default all of it). */
  keepOnDone?: (payload: P) => unknown;
};

export function defineJob<P>(
  kind: string,
  payloadSchema: z.ZodType<P>,
  handler: (payload: P, job: JobContext) => Promise<void>,
  options: { retry?: RetryPolicy; keepOnDone?: (payload: P) => unknown } = {},
): JobDefinition<P> {
  return { kind, payload: payloadSchema, handler, ...options };
}

/** The first problems of a payload that does not match its kind's schema, for the job's `last_error`. */
function payloadProblems(kind: string, error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
  return `payload of job kind ${kind} does not match its schema: ${issues.join('; ')}`;
}

type Registration = {
  /** Why a payload does not match the kind's schema; null when it does (recurring tasks take none). */
  check: (payload: unknown) => string | null;
  /**
   * Runs the handler with the payload as the kind's schema reads it, and answers what of it to keep once done;
   * `invalid` (the handler not run) when the payload does not match.
   */
  run: (payload: unknown, job: JobContext) => Promise<{ invalid: string } | { keep: unknown }>;
  retry: RetryPolicy;
  /** Recurring: runs again this long after each run, as one row per kind shared by every instance. */
  everyMs: number | null;
};

export type Jobs = {
  /** Registers a kind made with `defineJob`: this instance then claims and runs its jobs. */
  register: <P>(definition: JobDefinition<P>) => void;
  /** A recurring task: runs on start and then every `everyMs` on one of the instances. */
  every: (kind: string, everyMs: number, handler: () => Promise<void>) => void;
  /** Writes a job in the caller's transaction; call `nudge()` after the commit to run it at once. */
  enqueue: (db: DbOrTx, kind: string, payload: unknown, options?: { runAt?: Date }) => Promise<string>;
  /** Looks for due jobs now (after a commit that enqueued one); the poll would find it a little later anyway. */
  nudge: () => void;
  /** Runs due jobs until none is left (tests, and a deterministic wait instead of a sleep). */
  drain: () => Promise<void>;
  /** A given-up job goes back in the queue with a fresh retry window; false when there is no such failed job. */
  retryFailed: (id: string, kind: string) => Promise<boolean>;
  /**
   * Runs a job that failed (given up, or failed and waiting for its next attempt) again now, with a fresh retry
   * window and the payload `renew` makes in the same transaction. The last error stays until it succeeds, so the job
   * still counts as failing meanwhile. `notFound`: no such failing job; `notNeeded`: `renew` answered null.
   */
  retryNow: (
    id: string,
    kind: string,
    renew: (tx: Tx, payload: unknown) => Promise<unknown | null>,
  ) => Promise<'retried' | 'notFound' | 'notNeeded'>;
  start: () => Promise<void>;
  /** Stops polling and waits for the running jobs (the app's close). */
  stop: () => Promise<void>;
  readonly workerId: string;
};

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 2000);
}

export function backoffMs(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);
}

const msFromNow = (ms: number) => sql`now() + ${ms}::float8 * interval '1 millisecond'`;
const HUNDRED_YEARS_MS = 100 * 365 * 86_400_000;

export function createJobs(db: Db, log: Logger, options: { leaseMs?: number } = {}): Jobs {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const registry = new Map<string, Registration>();
  const workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  // Ticks run one after the other in this instance; `queued` coalesces nudges that arrive while one waits.
  let chain: Promise<number> = Promise.resolve(0);
  let queued = false;
  /** Jobs running now: each on its own, so one slow mail does not hold back the next claim (at most BATCH at once). */
  const running = new Set<Promise<void>>();

  function registration(kind: string): Registration {
    const found = registry.get(kind);
    if (!found) throw new Error(`no job handler for kind ${kind}`);
    return found;
  }

  async function claim(limit: number) {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          // Only kinds this instance can run: during a rolling update an older instance leaves a new kind alone.
          inArray(jobs.kind, [...registry.keys()]),
          or(
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: workerId,
        lockedUntil: msFromNow(leaseMs),
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  const ours = (id: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running'));

  async function runOne(job: typeof jobs.$inferSelect) {
    const reg = registry.get(job.kind);
    const renewal = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: msFromNow(leaseMs) })
        .where(ours(job.id))
        .catch((err: unknown) => log.warn({ err, job: job.kind, id: job.id }, 'job runner: renewing a lease failed'));
    }, leaseMs / 3);
    let outcome: { invalid: string } | { keep: unknown };
    try {
      if (!reg) throw new Error(`no job handler for kind ${job.kind}`);
      outcome = await reg.run(job.payload, { id: job.id, kind: job.kind, attempts: job.attempts });
    } catch (err) {
      clearInterval(renewal);
      const lastError = errorText(err);
      if (reg?.everyMs) {
        log.error({ err, job: job.kind }, 'recurring job failed');
        await db
          .update(jobs)
          .set({
            status: 'pending',
            runAt: msFromNow(Math.min(backoffMs(reg.retry, job.attempts), reg.everyMs)),
            lastError,
            lockedBy: null,
            lockedUntil: null,
          })
          .where(ours(job.id));
        return;
      }
      const policy = reg?.retry ?? DEFAULT_RETRY;
      const [row] = await db
        .update(jobs)
        .set({
          status: sql`case when ${jobs.giveUpAt} <= now() then 'failed' else 'pending' end`,
          finishedAt: sql`case when ${jobs.giveUpAt} <= now() then now() else null end`,
          runAt: msFromNow(backoffMs(policy, job.attempts)),
          lastError,
          lockedBy: null,
          lockedUntil: null,
        })
        .where(ours(job.id))
        .returning({ status: jobs.status, runAt: jobs.runAt });
      const level = row?.status === 'failed' ? 'error' : 'warn';
      log[level]({ err, job: job.kind, id: job.id, attempts: job.attempts, next: row }, 'job failed');
      return;
    }
    clearInterval(renewal);
    if ('invalid' in outcome) {
      // It would not match on any retry either: given up at once, with the schema's complaint.
      log.error({ job: job.kind, id: job.id, problems: outcome.invalid }, 'job given up: its payload does not match');
      await db
        .update(jobs)
        .set({
          status: 'failed',
          finishedAt: sql`now()`,
          lastError: outcome.invalid,
          lockedBy: null,
          lockedUntil: null,
        })
        .where(ours(job.id));
      return;
    }
    if (reg.everyMs) {
      await db
        .update(jobs)
        .set({ status: 'pending', runAt: msFromNow(reg.everyMs), attempts: 0, lastError: null, lockedBy: null })
        .where(ours(job.id));
      return;
    }
    await db
      .update(jobs)
      .set({
        status: 'done',
        finishedAt: sql`now()`,
        payload: outcome.keep,
        lastError: null,
        lockedBy: null,
        lockedUntil: null,
      })
      .where(ours(job.id));
  }

  async function tick(): Promise<number> {
    queued = false;
    if (stopped || registry.size === 0) return 0;
    const free = BATCH - running.size;
    if (free <= 0) return 0;
    const claimed = await claim(free);
    for (const job of claimed) {
      const run: Promise<void> = runOne(job)
        .catch((err: unknown) => log.error({ err, job: job.kind, id: job.id }, 'job runner: recording a job failed'))
        .finally(() => {
          running.delete(run);
          // A slot is free: look for the next due job now rather than at the next poll.
          nudge();
        });
      running.add(run);
    }
    return claimed.length;
  }

  function pump(): Promise<number> {
    queued = true;
    chain = chain.then(tick, tick).catch((err: unknown) => {
      log.error({ err }, 'job runner: claiming failed');
      return 0;
    });
    return chain;
  }

  function nudge() {
    if (!started || stopped || queued) return;
    queued = true;
    // On the next turn of the event loop, once the answer has been written: PGlite runs its queries on this thread,
    // so a claim started at once would hold the answer back (and a reset request for a known address would then take
    // longer than one for an unknown address).
    setImmediate(() => void pump());
  }

  function schedulePoll() {
    if (stopped) return;
    timer = setTimeout(() => {
      void pump().finally(schedulePoll);
    }, POLL_MS);
    timer.unref();
  }

  return {
    workerId,
    register<P>(definition: JobDefinition<P>) {
      const { kind, payload: schema, handler, retry, keepOnDone } = definition;
      const check = (payload: unknown) => {
        const result = schema.safeParse(payload);
        return result.success ? null : payloadProblems(kind, result.error);
      };
      registry.set(kind, {
        check,
        async run(payload, job) {
          const result = schema.safeParse(payload);
          if (!result.success) return { invalid: payloadProblems(kind, result.error) };
          await handler(result.data, job);
          return { keep: keepOnDone ? keepOnDone(result.data) : payload };
        },
        retry: retry ?? DEFAULT_RETRY,
        everyMs: null,
      });
    },
    every(kind, everyMs, handler) {
      registry.set(kind, {
        check: () => null,
        async run(payload) {
          await handler();
          return { keep: payload };
        },
        retry: DEFAULT_RETRY,
        everyMs,
      });
    },
    async enqueue(tx, kind, payload, options = {}) {
      const reg = registration(kind);
      const problems = reg.check(payload);
      if (problems) throw new Error(problems);
      const [row] = await tx
        .insert(jobs)
        .values({
          kind,
          payload,
          ...(options.runAt ? { runAt: options.runAt } : {}),
          giveUpAt: msFromNow(reg.retry.giveUpAfterMs + (options.runAt ? options.runAt.getTime() - Date.now() : 0)),
        })
        .returning({ id: jobs.id });
      if (!row) throw new Error('job insert returned nothing');
      return row.id;
    },
    nudge,
    async drain() {
      for (;;) {
        const claimed = await pump();
        const wereRunning = running.size;
        await Promise.all([...running]);
        if (claimed === 0 && wereRunning === 0) return;
      }
    },
    async retryFailed(id, kind) {
      const reg = registration(kind);
      const rows = await db
        .update(jobs)
        .set({
          status: 'pending',
          runAt: sql`now()`,
          attempts: 0,
          finishedAt: null,
          giveUpAt: msFromNow(reg.retry.giveUpAfterMs),
        })
        .where(and(eq(jobs.id, id), eq(jobs.kind, kind), eq(jobs.status, 'failed')))
        .returning({ id: jobs.id });
      if (rows.length > 0) nudge();
      return rows.length > 0;
    },
    async retryNow(id, kind, renew) {
      const reg = registration(kind);
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ payload: jobs.payload })
          .from(jobs)
          .where(
            and(
              eq(jobs.id, id),
              eq(jobs.kind, kind),
              or(eq(jobs.status, 'failed'), and(eq(jobs.status, 'pending'), isNotNull(jobs.lastError))),
            ),
          )
          .for('update');
        if (!row) return 'notFound' as const;
        const payload = await renew(tx, row.payload);
        if (payload === null) return 'notNeeded' as const;
        await tx
          .update(jobs)
          .set({
            status: 'pending',
            payload,
            runAt: sql`now()`,
            attempts: 0,
            finishedAt: null,
            giveUpAt: msFromNow(reg.retry.giveUpAfterMs),
          })
          .where(eq(jobs.id, id));
        return 'retried' as const;
      });
      if (outcome === 'retried') nudge();
      return outcome;
    },
    async start() {
      if (started) return;
      started = true;
      for (const [kind, reg] of registry) {
        if (!reg.everyMs) continue;
        // One row per recurring task for all instances; a shorter interval than the row was made with applies now.
        await db
          .insert(jobs)
          .values({ kind, payload: {}, uniqueKey: kind, giveUpAt: msFromNow(HUNDRED_YEARS_MS) })
          .onConflictDoUpdate({
            target: jobs.uniqueKey,
            targetWhere: sql`${jobs.uniqueKey} is not null`,
            set: { runAt: sql`least(${jobs.runAt}, ${msFromNow(reg.everyMs)})` },
          });
      }
      void pump();
      schedulePoll();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await chain;
      await Promise.all([...running]);
    },
  };
}

/** How long finished jobs stay: sent mails a week (who got what, when), given-up ones a month. */
const KEEP_DONE = '7 days';
const KEEP_FAILED = '30 days';

/** A recurring task that removes old finished jobs, so the table holds only what is still useful. */
export function registerJobCleanup(runner: Jobs, db: Db, everyMs: number) {
  runner.every('jobs.cleanup', everyMs, async () => {
    await db
      .delete(jobs)
      .where(
        or(
          and(eq(jobs.status, 'done'), lte(jobs.finishedAt, sql`now() - ${KEEP_DONE}::interval`)),
          and(eq(jobs.status, 'failed'), lte(jobs.finishedAt, sql`now() - ${KEEP_FAILED}::interval`)),
        ),
      );
  });
}
