import { z } from 'zod';
import { EARLIEST_DAY } from '../dates.ts';
import { MESSAGES } from '../messages.ts';
import { pagedSchema } from '../users/roles.schema.ts';

/**
 * The Logboek: the audit trail as a list. A kind groups actions by the start of their name; the server
 * filters with the same table, so what a kind shows is written once.
 */
export const AUDIT_KINDS = [
  'login',
  'security',
  'users',
  'workshop',
  'settings',
  'download',
  'payment',
  'reservation',
  'content',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The starts of the action names of each kind (`login` covers login, login.failed, login.lockout, …). */
export const AUDIT_KIND_ACTIONS: Record<AuditKind, readonly string[]> = {
  login: ['login', 'logout', 'session.', 'refresh.'],
  security: ['two-factor.', 'password.', 'profile.email-change', 'account.not-me'],
  users: ['user.', 'profile.update'],
  workshop: ['workspace.'],
  settings: ['settings.', 'resource.', 'faq.', 'page.', 'subcategory.'],
  download: ['download'],
  payment: ['payment.', 'reservation.refund-requested'],
  reservation: ['reservation.', 'mail.'],
  content: ['product.', 'image.', 'publish', 'unpublish', 'delete', 'archive'],
};

/** The kind an action is shown under: the first whose start it has. */
export function auditKindOf(action: string): AuditKind | null {
  return AUDIT_KINDS.find((kind) => AUDIT_KIND_ACTIONS[kind].some((start) => action.startsWith(start))) ?? null;
}

export const AUDIT_PAGE_MAX = 100;
/** The most rows one `.xlsx` export holds; narrow the filters for more. */
export const AUDIT_EXPORT_MAX = 50_000;

const day = z.iso
  .date({ error: MESSAGES.dateInvalid, abort: true })
  .refine((v) => v >= EARLIEST_DAY, { error: MESSAGES.dateInvalid })
  .optional();
const text = z
  .string({ error: MESSAGES.fieldInvalid })
  .trim()
  .max(100, { error: MESSAGES.fieldInvalid })
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** What narrows the Logboek: `user` is part of a name, user name or e-mail; `from` and `to` are Dutch days. */
export const auditFilterFields = {
  user: text,
  tenantId: z.uuid({ error: MESSAGES.fieldInvalid }).optional(),
  kind: z.enum(AUDIT_KINDS, { error: MESSAGES.fieldInvalid }).optional(),
  from: day,
  to: day,
};

function checkRange(query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  if (query.from && query.to && query.from > query.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: MESSAGES.dateRangeInvalid });
}

export const auditExportQuerySchema = z.strictObject(auditFilterFields).superRefine(checkRange);
export type AuditFilters = z.output<typeof auditExportQuerySchema>;

export const auditListQuerySchema = z
  .strictObject({
    ...auditFilterFields,
    skipCount: z.coerce
      .number({ error: MESSAGES.fieldInvalid })
      .int({ error: MESSAGES.fieldInvalid })
      .min(0, { error: MESSAGES.fieldInvalid })
      .default(0),
    maxResultCount: z.coerce
      .number({ error: MESSAGES.fieldInvalid })
      .int({ error: MESSAGES.fieldInvalid })
      .min(1, { error: MESSAGES.fieldInvalid })
      .max(AUDIT_PAGE_MAX, { error: MESSAGES.fieldInvalid })
      .default(25),
  })
  .superRefine(checkRange);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  kind: z.enum(AUDIT_KINDS).nullable(),
  actorUserId: z.string().nullable(),
  /** Name (user name) of who did it; null for the system or a customer. */
  actorName: z.string().nullable(),
  tenantId: z.string().nullable(),
  workshopName: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** What changed, secrets masked: `{ field: { from, to } }` for changes, other details as they were written. */
  data: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pagedSchema(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
