import {
  ERROR_CODES,
  MESSAGES,
  mailFailureReason,
  OUTBOX_LIST_MAX,
  type OutboxResponse,
  type OutboxStatus,
} from '@ateliermarkt/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { jobs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { MAIL_JOB, type QueuedMail, renewedMail, undeliveredMail } from '../../lib/outbox.ts';

/**
 * The super admin's view of the mail outbox. Mails have no tenant: they are the platform's, so
 * only the super admin reaches these (the routes check the role). `failed` lists what could not be delivered yet,
 * given up or still retried, and a mail stays there until it is really delivered.
 */
export async function listOutbox(ctx: AppContext, status: OutboxStatus): Promise<OutboxResponse> {
  const where = status === 'failed' ? undeliveredMail : and(eq(jobs.kind, MAIL_JOB), eq(jobs.status, 'pending'));
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        id: jobs.id,
        status: jobs.status,
        to: sql<string>`coalesce(${jobs.payload}->>'to', '')`,
        subject: sql<string>`coalesce(${jobs.payload}->>'subject', '')`,
        lastError: jobs.lastError,
        attempts: jobs.attempts,
        createdAt: jobs.createdAt,
        finishedAt: jobs.finishedAt,
        runAt: jobs.runAt,
      })
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.finishedAt), desc(jobs.createdAt))
      .limit(OUTBOX_LIST_MAX),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where),
  ]);
  return {
    items: rows.map((r) => {
      const givenUp = r.status === 'failed';
      return {
        id: r.id,
        to: r.to,
        subject: r.subject,
        lastError: r.lastError,
        reason: mailFailureReason(r.lastError),
        state: givenUp ? 'failed' : r.lastError ? 'retrying' : 'waiting',
        attempts: r.attempts,
        createdAt: r.createdAt.toISOString(),
        failedAt: givenUp && r.finishedAt ? r.finishedAt.toISOString() : null,
        nextAttemptAt: givenUp ? null : r.runAt.toISOString(),
      };
    }),
    totalCount: count?.n ?? 0,
  };
}

/**
 * 'Opnieuw versturen': a mail that failed is tried again now with a fresh day of retries, and with a new password
 * code or the reservation's current payment link when it carries one (the original would be dead on arrival). It
 * stays on the list until it is delivered.
 */
export async function resendMail(ctx: AppContext, id: string): Promise<void> {
  const outcome = await ctx.jobs.retryNow(id, MAIL_JOB, (tx, payload) =>
    renewedMail(ctx.jobs, tx, payload as QueuedMail),
  );
  if (outcome === 'notFound') throw new AppError(ERROR_CODES.notFound, MESSAGES.outboxMailNotFound);
  if (outcome === 'notNeeded') throw new AppError(ERROR_CODES.conflict, MESSAGES.outboxMailNotNeeded);
}
