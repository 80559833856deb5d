import { z } from 'zod';
import { uuid } from '../common/fields.ts';

/**
 * The mail outbox as the super admin sees it (issue 13.8): mails the server gave up on after a day of retries
 * (`failed`), or still waiting for a retry (`pending`), with 'Opnieuw versturen'.
 */
export const OUTBOX_STATUSES = ['failed', 'pending'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxQuerySchema = z.object({ status: z.enum(OUTBOX_STATUSES).default('failed') });

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  lastError: z.string().nullable(),
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
