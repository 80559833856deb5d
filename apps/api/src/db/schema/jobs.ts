import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Work to do after a commit or at a time (docs/decisions/0019): the mail outbox and every scheduled task. A change
 * writes its row in its own transaction; lib/jobs.ts claims due rows (`FOR UPDATE SKIP LOCKED`), runs the handler
 * registered for the kind, and retries with backoff. `pending` waits for `run_at`; `running` is claimed by
 * `locked_by` until `locked_until` (after that another instance may claim it: the lease of a crashed worker);
 * `done` and `failed` (given up) are kept for the super admin and cleaned up later.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<'pending' | 'running' | 'done' | 'failed'>().notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    /** A recurring task's name: at most one unfinished row per key, whatever the number of instances. */
    uniqueKey: text('unique_key'),
    /** When retrying stops and the job is `failed` (set at insert and again by 'Opnieuw versturen'). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} in ('pending', 'running')`),
    index('jobs_finished_idx').on(t.status, t.finishedAt).where(sql`${t.status} in ('done', 'failed')`),
    uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey).where(sql`${t.uniqueKey} is not null`),
  ],
);
