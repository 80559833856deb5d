import { AsyncLocalStorage } from 'node:async_hooks';
import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export type AuditEntry = {
  actorUserId: string | null;
  tenantId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  data?: Record<string, unknown>;
};

/** The request an entry is written in: its address and user agent go with every entry (plugins/audit-trail.ts). */
export type AuditOrigin = { ipAddress: string | null; userAgent: string | null };
export const auditOrigin = new AsyncLocalStorage<AuditOrigin>();

/**
 * Writes one audit entry, in the caller's transaction when it passes one, with the address and user agent of the
 * request it is written in (none for a background job). The table is append-only (migration 0029).
 */
export async function audit(db: DbOrTx, entry: AuditEntry) {
  const origin = auditOrigin.getStore();
  await db.insert(auditLog).values({
    ...entry,
    data: entry.data ?? null,
    ipAddress: origin?.ipAddress ?? null,
    userAgent: origin?.userAgent?.slice(0, 512) ?? null,
  });
}
