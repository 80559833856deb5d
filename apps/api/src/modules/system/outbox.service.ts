import { ERROR_CODES, MESSAGES, OUTBOX_LIST_MAX, type OutboxResponse, type OutboxStatus } from '@ateliermarkt/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { jobs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { MAIL_JOB } from '../../lib/outbox.ts';

/**
 * The super admin's view of the mail outbox (issue 13.8). Mails have no tenant: they are the platform's, so only the
 * super admin reaches these (the routes check the role).
 */
export async function listOutbox(ctx: AppContext, status: OutboxStatus): Promise<OutboxResponse> {
  const where = and(eq(jobs.kind, MAIL_JOB), eq(jobs.status, status));
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({
        id: jobs.id,
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
    items: rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      lastError: r.lastError,
      attempts: r.attempts,
      createdAt: r.createdAt.toISOString(),
      failedAt: status === 'failed' && r.finishedAt ? r.finishedAt.toISOString() : null,
      nextAttemptAt: status === 'pending' ? r.runAt.toISOString() : null,
    })),
    totalCount: count?.n ?? 0,
  };
}

/** 'Opnieuw versturen': a given-up mail goes back in the queue with a fresh day of retries. */
export async function resendMail(ctx: AppContext, id: string): Promise<void> {
  const found = await ctx.jobs.retryFailed(id, MAIL_JOB);
  if (!found) throw new AppError(ERROR_CODES.notFound, MESSAGES.outboxMailNotFound);
}
