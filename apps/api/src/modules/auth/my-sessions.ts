/**
 * 'Mijn sessies': the user's live sessions with device, address and last use; one can be ended, or all
 * ('Overal uitloggen'). Only the user's own: another user's session id answers 404.
 */
import type { MySession } from '@ateliermarkt/contract';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sessions } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../plugins/auth.ts';
import { revokeSession, revokeUserSessions } from './sessions.ts';

/** Browser and system in a few words; the raw user agent is too long to read (and unknown parts stay unnamed). */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Onbekend apparaat';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} op ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

export async function listMySessions(ctx: AppContext, actor: Actor): Promise<MySession[]> {
  const now = ctx.sessionClock();
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, actor.userId),
        isNull(sessions.revokedAt),
        or(isNull(sessions.expiresAt), gt(sessions.expiresAt, now)),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
  const idle = ctx.config.sessionIdleMs;
  return rows
    .filter((r) => !r.lastUsedAt || now.getTime() - r.lastUsedAt.getTime() <= idle)
    .map((r) => ({
      id: r.id,
      device: deviceOf(r.userAgent),
      ipAddress: r.ipAddress,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      current: r.id === actor.sessionId,
    }));
}

export async function endMySession(ctx: AppContext, actor: Actor, sessionId: string) {
  await ctx.db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.userId), isNull(sessions.revokedAt)));
    if (!own) throw notFound();
    await revokeSession(tx, sessionId);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'session.end',
      entityType: 'user',
      entityId: actor.userId,
      data: { sessionId },
    });
  });
  ctx.sessions.forget();
}

export async function endAllMySessions(ctx: AppContext, actor: Actor) {
  await ctx.db.transaction(async (tx) => {
    await revokeUserSessions(tx, actor.userId);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'session.end-all',
      entityType: 'user',
      entityId: actor.userId,
    });
  });
  ctx.sessions.forget();
}
