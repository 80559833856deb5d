/**
 * Session state in the database (docs/decisions/0018). A session is one log-in: its id is the `sid` of every access
 * token issued for it and the family id of its refresh tokens. Every authenticated request asks the gate whether the
 * token's session is still live and its user still has the token's role and tenant; revoking a session (log-out,
 * password change or reset, role change, reuse of a refresh token) and deleting the user end it on the next request.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { preparedSelect } from '../../db/raw-select.ts';
import { refreshTokens, roles, sessions, users } from '../../db/schema/index.ts';
import type { Actor, SessionGate } from '../../plugins/auth.ts';

/**
 * How long one instance trusts what it read about a session. The instance that makes a change forgets at once; every
 * other instance sees it within this time. Short enough to be "the next request" for a person, long enough that a
 * screen's burst of calls with one token costs one read (the profile read measured in docs/decisions/0018).
 */
export const SESSION_CACHE_MS = 1000;
/** At most this many sessions remembered per instance (the oldest go first). */
const CACHE_SIZE = 10_000;

const liveFields = {
  userId: users.id,
  tenantId: users.tenantId,
  role: roles.name,
  expiresAt: sessions.expiresAt,
  lastUsedAt: sessions.lastUsedAt,
};
type Live = {
  userId: string;
  tenantId: string | null;
  role: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
};
/** A session's last use is written at most this often (the idle timeout counts from it). */
export const TOUCH_EVERY_MS = 60_000;

/** The session's user as the database has it now, when the session is not revoked (a deleted user has none). */
const findLiveSession = preparedSelect(
  liveFields,
  (qb) =>
    qb
      .select(liveFields)
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(sessions.id, sql.placeholder('sessionId')), isNull(sessions.revokedAt)))
      .limit(1),
  { keepPlan: true },
);

export function createSessionGate(
  database: Pick<Database, 'arrays' | 'kind'>,
  {
    cacheMs = SESSION_CACHE_MS,
    clock = () => new Date(),
    idleMs = Number.POSITIVE_INFINITY,
    touch,
  }: {
    cacheMs?: number;
    clock?: () => Date;
    idleMs?: number;
    /** Writes a session's last use; absent, nothing is written. */
    touch?: (sessionId: string, now: Date) => Promise<void>;
  } = {},
): SessionGate {
  const known = new Map<string, { live: Live | null; until: number }>();
  /** Reads under way, so concurrent requests with one token share one read. */
  const loading = new Map<string, Promise<Live | null>>();
  /** Bumped by `forget`: a read that started before it must not put its (older) answer in the cache. */
  let generation = 0;

  async function read(sessionId: string): Promise<Live | null> {
    const started = generation;
    const [row] = await findLiveSession(database, { sessionId });
    const live = row ? { ...row, expiresAt: asDate(row.expiresAt), lastUsedAt: asDate(row.lastUsedAt) } : null;
    if (started === generation) {
      known.delete(sessionId);
      if (known.size >= CACHE_SIZE) {
        const oldest = known.keys().next().value;
        if (oldest !== undefined) known.delete(oldest);
      }
      known.set(sessionId, { live, until: clock().getTime() + cacheMs });
    }
    return live;
  }

  function liveOf(sessionId: string): Promise<Live | null> | Live | null {
    const hit = known.get(sessionId);
    if (hit && clock().getTime() < hit.until) return hit.live;
    let pending = loading.get(sessionId);
    if (!pending) {
      const next = read(sessionId).finally(() => {
        if (loading.get(sessionId) === next) loading.delete(sessionId);
      });
      loading.set(sessionId, next);
      pending = next;
    }
    return pending;
  }

  return {
    async isCurrent(actor: Actor) {
      const live = await liveOf(actor.sessionId);
      if (
        live === null ||
        live.userId !== actor.userId ||
        live.tenantId !== actor.tenantId ||
        live.role !== actor.role
      ) {
        return false;
      }
      // Ended by its absolute lifetime or by being idle, whatever the access token says.
      const now = clock();
      if (live.expiresAt && live.expiresAt <= now) return false;
      if (live.lastUsedAt && now.getTime() - live.lastUsedAt.getTime() > idleMs) return false;
      if (!live.lastUsedAt || now.getTime() - live.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
        live.lastUsedAt = now;
        await touch?.(actor.sessionId, now);
      }
      return true;
    },
    forget() {
      generation += 1;
      known.clear();
      loading.clear();
    },
  };
}

/** Raw reads (preparedSelect on PGlite) may give a timestamp as a string. */
const asDate = (v: Date | string | null | undefined): Date | null =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(v);

/** Where a log-in came from, for 'Mijn sessies' and the Logboek. */
export type Client = { ip: string | null; userAgent: string | null };

/**
 * Starts the session of a log-in; its id is the access tokens' `sid` and the refresh tokens' family. It ends at
 * `now + maxAgeMs` whatever happens: refreshing cannot move that.
 */
export async function startSession(
  db: DbOrTx,
  userId: string,
  { now, maxAgeMs, client }: { now: Date; maxAgeMs: number; client?: Client | undefined },
): Promise<string> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + maxAgeMs),
      ipAddress: client?.ip ?? null,
      userAgent: client?.userAgent?.slice(0, 512) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** Ends one session: its access tokens are refused and its refresh tokens revoked. */
export async function revokeSession(db: DbOrTx, sessionId: string) {
  const now = new Date();
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user, or every one but `keep` (the session that changed its own password). */
export async function revokeUserSessions(db: DbOrTx, userId: string, keep?: string) {
  const now = new Date();
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep ? ne(refreshTokens.familyId, keep) : undefined,
      ),
    );
}

/** The gate's `touch`: a session's last use, for the idle timeout and 'Mijn sessies'. */
export const touchSession = (db: DbOrTx) => async (sessionId: string, now: Date) => {
  await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
};
