import type { DbOrTx } from '../db/client.ts';
import type { Jobs } from './jobs.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * The mail outbox (docs/decisions/0019): a mail is a `mail` job written in the transaction of the change it reports,
 * and delivered by the job runner after the commit, with retries. Nothing sends SMTP inside a transaction.
 */
export const MAIL_JOB = 'mail';

export function registerMailJob(jobs: Jobs, mailer: Mailer) {
  jobs.register(MAIL_JOB, (payload) => mailer.send(payload as Mail), {
    // Once sent, the text (reset and payment links) is not kept in the database: only who got what.
    keepOnDone: (payload) => {
      const mail = payload as Mail;
      return { to: mail.to, subject: mail.subject };
    },
  });
}

/** Queues a mail in the caller's transaction; the caller nudges the runner (`ctx.jobs.nudge()`) after the commit. */
export async function queueMail(jobs: Jobs, tx: DbOrTx, mail: Mail): Promise<void> {
  await jobs.enqueue(tx, MAIL_JOB, mail);
}
