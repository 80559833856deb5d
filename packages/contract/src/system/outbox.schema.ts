import { z } from 'zod';
import { uuid } from '../common/fields.ts';

/**
 * The mail outbox as the super admin sees it: `failed` lists every mail that could not be delivered yet
 * (given up after a day of retries, or failed at least once and waiting for its next attempt, also after 'Opnieuw
 * versturen' until it is really delivered); `pending` every mail still waiting for an attempt.
 */
export const OUTBOX_STATUSES = ['failed', 'pending'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxQuerySchema = z.object({ status: z.enum(OUTBOX_STATUSES).default('failed') });

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The mail server's own words of the last failure (technical, for whoever fixes the server). */
  lastError: z.string().nullable(),
  /** The last failure in Dutch (mailFailureReason), for the super admin; null when it has not failed. */
  reason: z.string().nullable(),
  /** `failed`: given up, waits for 'Opnieuw versturen'; `retrying`: failed and tried again at `nextAttemptAt`. */
  state: z.enum(['failed', 'retrying', 'waiting']),
  attempts: z.number().int(),
  /** When the mail was queued (ISO 8601). */
  createdAt: z.string(),
  /** When it was given up (ISO 8601); null while it is still retried. */
  failedAt: z.string().nullable(),
  /** The next attempt (ISO 8601); null once given up. */
  nextAttemptAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxResponseSchema = z.object({ items: z.array(outboxMailSchema), totalCount: z.number().int() });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

export const outboxIdParamsSchema = z.object({ id: uuid });

/** The newest this many are listed; the total says how many there are. */
export const OUTBOX_LIST_MAX = 200;

/**
 * Why a mail did not go out, in Dutch, from the mail library's error text (nodemailer's messages and codes). The
 * technical text stays beside it for whoever repairs the mail server.
 */
export function mailFailureReason(lastError: string | null): string | null {
  if (!lastError) return null;
  const e = lastError.toLowerCase();
  if (e.includes('econnrefused')) return 'De mailserver is niet bereikbaar: hij weigert de verbinding.';
  if (e.includes('enotfound') || e.includes('eai_again') || e.includes('edns'))
    return 'De mailserver is niet gevonden: controleer het adres in SMTP_URL.';
  if (e.includes('timeout') || e.includes('etimedout') || e.includes('greeting never received'))
    return 'De mailserver reageerde niet op tijd.';
  if (e.includes('econnreset') || e.includes('socket closed') || e.includes('connection closed'))
    return 'De mailserver verbrak de verbinding.';
  if (e.includes('invalid login') || e.includes('eauth') || /\b535\b/.test(e))
    return 'De mailserver weigert de inloggegevens: controleer gebruiker en wachtwoord in SMTP_URL.';
  if (e.includes('recipients') || /\b55[0-4]\b/.test(e)) return 'De mailserver weigert het adres van de ontvanger.';
  if (/\b4\d\d\b/.test(e)) return 'De mailserver weigert tijdelijk; hij wordt later opnieuw geprobeerd.';
  return 'De e-mail kon niet worden verstuurd (onbekende fout van de mailserver).';
}
