import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { defineJob, type Jobs } from './jobs.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * The mail outbox (docs/decisions/0019): a mail is a `mail` job written in the transaction of the change it reports,
 * and delivered by the job runner after the commit, with retries. Nothing sends SMTP inside a transaction.
 *
 * A mail that holds something that expires (a password code, a payment link) names how to make it again
 * (`refresh`): 'Opnieuw versturen' then sends a fresh one instead of the dead original. The module that
 * owns the thing registers the refresher, so the outbox needs to know none of them.
 */
export const MAIL_JOB = 'mail';

const mailRefreshSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('passwordLink'), userId: z.string(), purpose: z.enum(['reset', 'set-password']) }),
  z.object({ type: z.literal('paymentLink'), reservationId: z.string(), template: z.enum(['approved', 'reminder']) }),
]);
export type MailRefresh = z.output<typeof mailRefreshSchema>;

/** What a mail job carries: the mail, and how to renew what expires in it. */
const queuedMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  links: z.array(z.string()).optional(),
  refresh: mailRefreshSchema.optional(),
}) satisfies z.ZodType<Mail>;
export type QueuedMail = z.output<typeof queuedMailSchema>;

/** Makes the mail again with what is current; null when it is no longer needed (the caller refuses the resend). */
export type MailRefresher = (tx: Tx, refresh: MailRefresh) => Promise<Mail | null>;

const refreshers = new WeakMap<Jobs, Map<MailRefresh['type'], MailRefresher>>();

export function registerMailRefresher(runner: Jobs, type: MailRefresh['type'], refresher: MailRefresher) {
  const map = refreshers.get(runner) ?? new Map<MailRefresh['type'], MailRefresher>();
  map.set(type, refresher);
  refreshers.set(runner, map);
}

/** The mail to send again: made anew when it holds something that expires; null when that is no longer needed. */
export async function renewedMail(runner: Jobs, tx: Tx, queued: QueuedMail): Promise<QueuedMail | null> {
  if (!queued.refresh) return queued;
  const refresher = refreshers.get(runner)?.get(queued.refresh.type);
  if (!refresher) throw new Error(`no mail refresher for ${queued.refresh.type}`);
  const mail = await refresher(tx, queued.refresh);
  return mail && { ...mail, refresh: queued.refresh };
}

export function registerMailJob(runner: Jobs, mailer: Mailer) {
  runner.register(
    defineJob(MAIL_JOB, queuedMailSchema, (mail) => mailer.send(mail), {
      // Once sent, the text (reset and payment links) is not kept in the database: only who got what.
      keepOnDone: (mail) => ({ to: mail.to, subject: mail.subject }),
    }),
  );
}

/**
 * Queues a mail in the caller's transaction and answers its job's id (a reservation's history follows its delivery);
 * the caller nudges the runner (`ctx.jobs.nudge()`) after the commit.
 */
export async function queueMail(runner: Jobs, tx: DbOrTx, mail: QueuedMail): Promise<string> {
  return runner.enqueue(tx, MAIL_JOB, mail);
}

export type MailDelivery = 'sent' | 'waiting' | 'failed';

/**
 * Where each of these mails stands: `sent` when delivered (or cleaned up: only delivered mails go within a week),
 * `failed` when given up, `waiting` otherwise (queued, or failed and retried).
 */
export async function mailDeliveries(db: Db, ids: string[]): Promise<Map<string, MailDelivery>> {
  const found = new Map<string, MailDelivery>(ids.map((id) => [id, 'sent']));
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), inArray(jobs.id, ids)));
  for (const row of rows) {
    found.set(row.id, row.status === 'done' ? 'sent' : row.status === 'failed' ? 'failed' : 'waiting');
  }
  return found;
}

/** Mails not delivered after at least one attempt: given up, or failed and waiting for the next try. */
export const undeliveredMail = and(
  eq(jobs.kind, MAIL_JOB),
  or(eq(jobs.status, 'failed'), and(inArray(jobs.status, ['pending', 'running']), isNotNull(jobs.lastError))),
);
