import {
  ERROR_CODES,
  LOCKOUT_MAX_FAILURES,
  LOCKOUT_MINUTES,
  type LoginRequest,
  MESSAGES,
  REFRESH_TOKEN_DAYS,
  ROLE_ADMIN,
  type TokenResponse,
} from '@ateliermarkt/contract';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures, refreshTokens, sessions, tenants, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { dummyPasswordHash, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { UUID } from '../../lib/uuid.ts';
import type { Actor } from '../../plugins/auth.ts';
import { signChallenge } from './second-step.ts';
import { type Client, revokeSession, startSession } from './sessions.ts';
import { twoFactorRequired } from './two-factor.ts';
import { findUserInTenant, normalize } from './user-queries.ts';

const invalidLogin = () =>
  new AppError(
    ERROR_CODES.invalidUserNameOrPassword,
    MESSAGES.loginInvalid,
    null,
    ERROR_CODES.invalidUserNameOrPassword,
  );
const lockedOut = () => new AppError(ERROR_CODES.lockedOut, MESSAGES.loginLockedOut, null, ERROR_CODES.lockedOut);
const invalidRefresh = () => new AppError(ERROR_CODES.invalidRefreshToken, MESSAGES.refreshInvalid);

/** The tenant a `__tenant` header names: null for the host; undefined when it names nothing that exists. */
export async function resolveWorkshop(db: DbOrTx, header: string | undefined): Promise<string | null | undefined> {
  const value = header?.trim();
  if (!value) return null;
  if (!UUID.test(value)) return undefined;
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, value)).limit(1);
  return row ? row.id : undefined;
}

/** An access token and the next refresh token of a session (the session id is the refresh-token family). */
export async function issueTokens(
  ctx: AppContext,
  db: DbOrTx,
  user: { id: string; tenantId: string | null; role: string },
  sessionId: string,
  sessionEnd: Date | null,
): Promise<TokenResponse> {
  const { token, expiresIn } = await ctx.signer.sign({ ...user, sessionId });
  const refresh = randomToken();
  // A refresh token never outlives its session.
  const days = ctx.sessionClock().getTime() + REFRESH_TOKEN_DAYS * 86_400_000;
  await db.insert(refreshTokens).values({
    userId: user.id,
    familyId: sessionId,
    tokenHash: sha256(refresh),
    expiresAt: new Date(sessionEnd ? Math.min(days, sessionEnd.getTime()) : days),
  });
  return { auth_token: token, auth_type: 'Bearer', expires_in: expiresIn, refresh_token: refresh };
}

/** A failure count whose last failure is older than this starts again at one (real accounts and unknown names). */
const FAILURE_COUNT_HOURS = 24;
const countSince = () => sql`now() - ${FAILURE_COUNT_HOURS} * interval '1 hour'`;
/** Unknown-name counts older than that are swept at most this often per app instance (keyed by its database). */
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<DbOrTx, number>();

/**
 * A name that matches no account with a password is answered exactly as a real account with a wrong password:
 * counted per tenant and name (hashed: people type passwords into the name field), refused, and after
 * LOCKOUT_MAX_FAILURES in a row answered LockedOut for LOCKOUT_MINUTES, so the answers cannot tell whether an
 * account exists. The same statements as for a real account, in the same order.
 */
async function failUnknownName(db: DbOrTx, key: string): Promise<never> {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) >= SWEEP_EVERY_MS) {
    lastSweep.set(db, now);
    await db.delete(loginFailures).where(lt(loginFailures.failedAt, countSince()));
  }
  const [known] = await db
    .select({ lockoutEnd: loginFailures.lockoutEnd })
    .from(loginFailures)
    .where(eq(loginFailures.key, key))
    .limit(1);
  if (known?.lockoutEnd && known.lockoutEnd > new Date()) throw lockedOut();
  const [counted] = await db
    .insert(loginFailures)
    .values({ key, failures: 1, failedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`CASE WHEN ${loginFailures.failedAt} < ${countSince()} THEN 1 ELSE ${loginFailures.failures} + 1 END`,
        failedAt: sql`now()`,
      },
    })
    .returning({ failures: loginFailures.failures });
  if ((counted?.failures ?? 0) >= LOCKOUT_MAX_FAILURES) {
    await db
      .update(loginFailures)
      .set({ failures: 0, lockoutEnd: new Date(Date.now() + LOCKOUT_MINUTES * 60_000) })
      .where(eq(loginFailures.key, key));
    throw lockedOut();
  }
  throw invalidLogin();
}

/**
 * A failed log-in step of a real account (a wrong password or second-factor code), counted in SQL so concurrent
 * failures cannot undercount; a count idle for a day starts again. Returns what to throw: after LOCKOUT_MAX_FAILURES
 * in a row the account is locked for LOCKOUT_MINUTES.
 */
export async function countFailure(
  db: DbOrTx,
  user: { id: string; tenantId: string | null },
  refusal: () => AppError,
): Promise<AppError> {
  const [updated] = await db
    .update(users)
    .set({
      accessFailedCount: sql`CASE WHEN ${users.accessFailedAt} IS NULL OR ${users.accessFailedAt} < ${countSince()}
        THEN 1 ELSE ${users.accessFailedCount} + 1 END`,
      accessFailedAt: sql`now()`,
    })
    .where(eq(users.id, user.id))
    .returning({ count: users.accessFailedCount });
  const failures = updated?.count ?? 0;
  if (failures >= LOCKOUT_MAX_FAILURES) {
    await db
      .update(users)
      .set({ accessFailedCount: 0, lockoutEnd: new Date(Date.now() + LOCKOUT_MINUTES * 60_000) })
      .where(eq(users.id, user.id));
    await audit(db, {
      actorUserId: user.id,
      tenantId: user.tenantId,
      action: 'login.lockout',
      entityType: 'user',
      entityId: user.id,
    });
    return lockedOut();
  }
  await audit(db, {
    actorUserId: user.id,
    tenantId: user.tenantId,
    action: 'login.failed',
    entityType: 'user',
    entityId: user.id,
  });
  return refusal();
}

export { lockedOut };

/**
 * Log-in with user name or e-mail within the chosen tenant. An unknown user costs a hash verification too, and
 * answers exactly as a wrong password does. Five failures in a row lock the account for five minutes.
 */
export async function login(
  ctx: AppContext,
  input: LoginRequest & { tenantHeader: string | undefined; client?: Client },
) {
  const { db } = ctx;
  const workshopId = await resolveWorkshop(db, input.tenantHeader);
  const key = normalize(input.userNameOrEmailAddress);
  const row =
    workshopId === undefined
      ? null
      : await findUserInTenant(db, workshopId, or(eq(users.normalizedUserName, key), eq(users.normalizedEmail, key)));

  const user = row?.user;
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !user?.passwordHash) {
    const workshopKey =
      workshopId === undefined ? `?${input.tenantHeader?.trim().toLowerCase() ?? ''}` : (workshopId ?? '');
    return failUnknownName(db, sha256(`${workshopKey}\n${key}`));
  }

  if (user.lockoutEnd && user.lockoutEnd > new Date()) {
    await audit(db, {
      actorUserId: user.id,
      tenantId: user.tenantId,
      action: 'login.locked',
      entityType: 'user',
      entityId: user.id,
    });
    throw lockedOut();
  }
  if (!passwordOk) throw await countFailure(db, user, invalidLogin);
  // The password was right; with a second factor on (or required for the role) the session starts after step two.
  if (user.totpSecret || twoFactorRequired(ctx.config, row.roleName, user.tenantId)) {
    const secondFactor = user.totpSecret ? 'code' : 'setup';
    return { secondFactor, challenge: await signChallenge(ctx, user.id, secondFactor) } as const;
  }

  return db.transaction((tx) => startLoggedIn(ctx, tx, { ...user, role: row.roleName }, { client: input.client }));
}

/** A session's absolute lifetime: SESSION_MAX_AGE, and at most SESSION_MAX_AGE_SUPER_ADMIN for a super admin. */
export function sessionMaxAge(ctx: AppContext, user: { role: string; tenantId: string | null }) {
  const { sessionMaxAgeMs, sessionMaxAgeSuperAdminMs } = ctx.config;
  return user.role === ROLE_ADMIN && user.tenantId === null
    ? Math.min(sessionMaxAgeMs, sessionMaxAgeSuperAdminMs)
    : sessionMaxAgeMs;
}

/** The end of a successful log-in (after the password, or after the second step): counts reset, audit, session. */
export async function startLoggedIn(
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: string; tenantId: string | null; role: string },
  { data, client }: { data?: Record<string, unknown>; client?: Client | undefined } = {},
): Promise<TokenResponse> {
  await tx.update(users).set({ accessFailedCount: 0, lockoutEnd: null }).where(eq(users.id, user.id));
  await audit(tx, {
    actorUserId: user.id,
    tenantId: user.tenantId,
    action: 'login',
    entityType: 'user',
    entityId: user.id,
    // Address and user agent are the entry's own columns (lib/audit.ts), taken from the request.
    ...(data ? { data } : {}),
  });
  const now = ctx.sessionClock();
  const maxAgeMs = sessionMaxAge(ctx, user);
  const sessionId = await startSession(tx, user.id, { now, maxAgeMs, client });
  const end = new Date(now.getTime() + maxAgeMs);
  return issueTokens(ctx, tx, { id: user.id, tenantId: user.tenantId, role: user.role }, sessionId, end);
}

/**
 * Rotates a refresh token. Each token works once: the conditional update lets exactly one of two concurrent
 * refreshes win, and presenting a used token again revokes its whole family (a stolen token is then useless).
 */
export async function refresh(ctx: AppContext, refreshToken: string): Promise<TokenResponse> {
  const { db } = ctx;
  const hash = sha256(refreshToken);
  const now = ctx.sessionClock();
  const outcome = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, hash),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) return null;
    // The session's absolute end and idle timeout hold for refreshing too: it cannot be kept alive.
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, claimed.familyId));
    const idle = session?.lastUsedAt && now.getTime() - session.lastUsedAt.getTime() > ctx.config.sessionIdleMs;
    if (!session || session.revokedAt || (session.expiresAt && session.expiresAt <= now) || idle) {
      await revokeSession(tx, claimed.familyId);
      return null;
    }
    const row = await findUserById(tx, claimed.userId);
    if (!row) return null;
    const user = { id: row.user.id, tenantId: row.user.tenantId, role: row.roleName };
    return issueTokens(ctx, tx, user, claimed.familyId, session.expiresAt);
  });
  if (outcome) return outcome;

  const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
  if (known?.usedAt && !known.revokedAt) {
    // The session's access tokens end with it: the thief's and the owner's alike.
    await revokeSession(db, known.familyId);
    ctx.sessions.forget();
    await audit(db, {
      actorUserId: known.userId,
      tenantId: null,
      action: 'refresh.reuse-detected',
      entityType: 'user',
      entityId: known.userId,
      data: { familyId: known.familyId },
    });
  }
  throw invalidRefresh();
}

async function findUserById(db: DbOrTx, userId: string) {
  const [u] = await db.select({ tenantId: users.tenantId }).from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return null;
  return findUserInTenant(db, u.tenantId, eq(users.id, userId));
}

/**
 * Log-out ends the session: the one of the refresh token given, and the one of the access token the request carries
 * (either may be absent; an unknown refresh token is not an error, there is nothing to revoke).
 */
export async function logout(ctx: AppContext, refreshToken: string | undefined, current: Actor | null) {
  const ended = new Map<string, string>();
  if (current) ended.set(current.sessionId, current.userId);
  if (refreshToken) {
    const [known] = await ctx.db
      .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
      .limit(1);
    if (known) ended.set(known.familyId, known.userId);
  }
  if (ended.size === 0) return;
  await ctx.db.transaction(async (tx) => {
    for (const [sessionId, userId] of ended) {
      await revokeSession(tx, sessionId);
      await audit(tx, { actorUserId: userId, tenantId: null, action: 'logout', entityType: 'user', entityId: userId });
    }
  });
  ctx.sessions.forget();
}
