import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  LOCKOUT_MAX_FAILURES,
  LOCKOUT_MINUTES,
  type LoginRequest,
  MESSAGES,
  REFRESH_TOKEN_DAYS,
  type TokenResponse,
} from '@ateliermarkt/contract';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens, tenants, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { dummyPasswordHash, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { findUserInTenant, normalize } from '../users/user-queries.ts';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
export async function resolveTenant(db: DbOrTx, header: string | undefined): Promise<string | null | undefined> {
  const value = header?.trim();
  if (!value) return null;
  if (!UUID.test(value)) return undefined;
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, value)).limit(1);
  return row ? row.id : undefined;
}

async function issueTokens(
  ctx: AppContext,
  db: DbOrTx,
  user: { id: string; tenantId: string | null; role: string },
  familyId: string,
): Promise<TokenResponse> {
  const { token, expiresIn } = await ctx.signer.sign(user);
  const refresh = randomToken();
  await db.insert(refreshTokens).values({
    userId: user.id,
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000),
  });
  return { auth_token: token, auth_type: 'Bearer', expires_in: expiresIn, refresh_token: refresh };
}

/**
 * Log-in with user name or e-mail within the chosen tenant. An unknown user costs a hash verification too, and
 * answers exactly as a wrong password does. Five failures in a row lock the account for five minutes.
 */
export async function login(ctx: AppContext, input: LoginRequest & { tenantHeader: string | undefined }) {
  const { db } = ctx;
  const tenantId = await resolveTenant(db, input.tenantHeader);
  const key = normalize(input.userNameOrEmailAddress);
  const row =
    tenantId === undefined
      ? null
      : await findUserInTenant(db, tenantId, or(eq(users.normalizedUserName, key), eq(users.normalizedEmail, key)));

  const user = row?.user;
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!row || !user?.passwordHash) throw invalidLogin();

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
  if (!passwordOk) {
    // Counted in SQL so concurrent failures cannot undercount.
    const [updated] = await db
      .update(users)
      .set({ accessFailedCount: sql`${users.accessFailedCount} + 1` })
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
      throw lockedOut();
    }
    await audit(db, {
      actorUserId: user.id,
      tenantId: user.tenantId,
      action: 'login.failed',
      entityType: 'user',
      entityId: user.id,
    });
    throw invalidLogin();
  }

  return db.transaction(async (tx) => {
    await tx.update(users).set({ accessFailedCount: 0, lockoutEnd: null }).where(eq(users.id, user.id));
    await audit(tx, {
      actorUserId: user.id,
      tenantId: user.tenantId,
      action: 'login',
      entityType: 'user',
      entityId: user.id,
    });
    return issueTokens(ctx, tx, { id: user.id, tenantId: user.tenantId, role: row.roleName }, randomUUID());
  });
}

/**
 * Rotates a refresh token. Each token works once: the conditional update lets exactly one of two concurrent
 * refreshes win, and presenting a used token again revokes its whole family (a stolen token is then useless).
 */
export async function refresh(ctx: AppContext, refreshToken: string): Promise<TokenResponse> {
  const { db } = ctx;
  const hash = sha256(refreshToken);
  const now = new Date();
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
    const row = await findUserById(tx, claimed.userId);
    if (!row) return null;
    return issueTokens(ctx, tx, { id: row.user.id, tenantId: row.user.tenantId, role: row.roleName }, claimed.familyId);
  });
  if (outcome) return outcome;

  const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
  if (known?.usedAt && !known.revokedAt) {
    await revokeFamily(db, known.familyId);
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

export async function revokeFamily(db: DbOrTx, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: DbOrTx, userId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Log-out revokes the session's refresh-token family; an unknown token is not an error (nothing to revoke). */
export async function logout(ctx: AppContext, refreshToken: string | undefined) {
  if (!refreshToken) return;
  const [known] = await ctx.db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
    .limit(1);
  if (!known) return;
  await revokeFamily(ctx.db, known.familyId);
  await audit(ctx.db, {
    actorUserId: known.userId,
    tenantId: null,
    action: 'logout',
    entityType: 'user',
    entityId: known.userId,
  });
}
