import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what, when, from where: every change worth tracing (log-ins, password changes, status transitions,
 * downloads). Append-only: a trigger (migration 0029) refuses UPDATE and DELETE; kept as long as the invoices, so no
 * job removes rows (docs/decisions/0051-audit-trail.md).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    tenantId: uuid('tenant_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data'),
    /** The caller's address and user agent, when the entry came from a request (not a background job). */
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    index('audit_log_tenant_idx').on(t.tenantId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
);
