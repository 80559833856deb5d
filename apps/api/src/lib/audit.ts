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

/** Writes one audit entry, in the caller's transaction when it passes one. */
export async function audit(db: DbOrTx, entry: AuditEntry) {
  await db.insert(auditLog).values({ ...entry, data: entry.data ?? null });
}
