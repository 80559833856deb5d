/**
 * The Logboek: the audit trail read back, newest first, for the super admin (every entry) and a
 * workshop admin (only the own workshop's: the tenant condition is the server's, whatever the query asks).
 */
import {
  AUDIT_EXPORT_MAX,
  AUDIT_KIND_ACTIONS,
  AUDIT_MESSAGES,
  type AuditEntry,
  type AuditFilters,
  type AuditPage,
  auditActionLabel,
  auditDetails,
  auditKindOf,
  formatDateTime,
  TIME_ZONE,
} from '@ateliermarkt/contract';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { auditLog, tenants, users } from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { likePattern, writeXlsx } from '../products/index.ts';

const dayStart = (day: string) => sql`timezone(${TIME_ZONE}, ${day}::date::timestamp)`;
const nextDayStart = (day: string) => sql`timezone(${TIME_ZONE}, (${day}::date + 1)::timestamp)`;

/** Keys whose values are secrets: never shown, whatever an older entry wrote. */
const SECRET_KEY = /password|secret|token|hash|code$|recovery/i;

function masked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(masked);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && typeof v === 'string' ? '••••••' : masked(v)]),
    );
  return value;
}

function conditions(actor: Actor, filters: AuditFilters): SQL | undefined {
  // A workshop admin sees the own workshop's entries only; a tenantId asked for is then ignored.
  const workshopId = actor.kind === 'superAdmin' ? filters.tenantId : actor.tenantId;
  const user = filters.user ? likePattern(filters.user) : null;
  const kind = filters.kind ? AUDIT_KIND_ACTIONS[filters.kind] : null;
  return and(
    workshopId ? eq(auditLog.tenantId, workshopId) : undefined,
    user
      ? or(
          ilike(users.userName, user),
          ilike(users.email, user),
          ilike(sql`${users.name} || ' ' || ${users.surname}`, user),
        )
      : undefined,
    kind ? or(...kind.map((start) => ilike(auditLog.action, `${start}%`))) : undefined,
    filters.from ? gte(auditLog.at, dayStart(filters.from)) : undefined,
    filters.to ? lt(auditLog.at, nextDayStart(filters.to)) : undefined,
  );
}

async function select(ctx: AppContext, actor: Actor, filters: AuditFilters, skip: number, take: number) {
  const where = conditions(actor, filters);
  const rows = await ctx.db
    .select({
      entry: auditLog,
      userName: users.userName,
      name: users.name,
      surname: users.surname,
      workshopName: tenants.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(tenants, eq(tenants.id, auditLog.tenantId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .offset(skip)
    .limit(take);
  return rows.map(
    (r): AuditEntry => ({
      id: r.entry.id,
      at: r.entry.at.toISOString(),
      action: r.entry.action,
      kind: auditKindOf(r.entry.action),
      actorUserId: r.entry.actorUserId,
      actorName: r.userName
        ? [`${r.name ?? ''} ${r.surname ?? ''}`.trim(), `(${r.userName})`].filter(Boolean).join(' ')
        : null,
      tenantId: r.entry.tenantId,
      workshopName: r.workshopName,
      entityType: r.entry.entityType,
      entityId: r.entry.entityId,
      data: (masked(r.entry.data) as Record<string, unknown> | null) ?? null,
      ipAddress: r.entry.ipAddress,
      userAgent: r.entry.userAgent,
    }),
  );
}

export async function list(
  ctx: AppContext,
  actor: Actor,
  query: AuditFilters & { skipCount: number; maxResultCount: number },
): Promise<AuditPage> {
  const [total] = await ctx.db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(conditions(actor, query));
  return {
    items: await select(ctx, actor, query, query.skipCount, query.maxResultCount),
    totalCount: total?.n ?? 0,
  };
}

/** The filtered log as `.xlsx` (at most AUDIT_EXPORT_MAX rows, newest first). */
export async function exportXlsx(ctx: AppContext, actor: Actor, filters: AuditFilters): Promise<Buffer> {
  const rows = await select(ctx, actor, filters, 0, AUDIT_EXPORT_MAX);
  const m = AUDIT_MESSAGES;
  return writeXlsx(
    m.sheetName,
    [
      { header: m.columnAt, width: 20 },
      { header: m.columnWho, width: 32 },
      { header: m.columnWorkshop, width: 24 },
      { header: m.columnWhat, width: 36 },
      { header: m.columnDetails, width: 60 },
      { header: m.columnIp, width: 18 },
      { header: m.columnUserAgent, width: 40 },
    ],
    rows.map((r) => [
      formatDateTime(r.at),
      r.actorName ?? m.system,
      r.workshopName ?? '',
      auditActionLabel(r.action),
      auditDetails(r.data),
      r.ipAddress ?? '',
      r.userAgent ?? '',
    ]),
  );
}
