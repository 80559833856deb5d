/**
 * The second log-in step. A right password of an account with a second factor (or whose role requires
 * one, REQUIRE_2FA) answers with a challenge instead of tokens: a JWT of CHALLENGE_MINUTES for that user and step,
 * with its own audience, so it is never an access token. A wrong code counts like a wrong password (the same lock-out);
 * a locked account is refused here too.
 */
import {
  ERROR_CODES,
  MESSAGES,
  type SecondStepRequest,
  type TokenResponse,
  type TwoFactorEnabled,
  type TwoFactorSetup,
} from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext } from '../../context.ts';
import { roles, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { countFailure, lockedOut, startLoggedIn } from './auth.service.ts';
import type { Client } from './sessions.ts';
import { beginTwoFactorSetup, completeTwoFactorSetup, verifySecondFactorCode } from './two-factor.ts';

export const CHALLENGE_MINUTES = 5;
const AUDIENCE = 'ateliermarkt-second-step';
type Purpose = 'code' | 'setup';

const key = (ctx: AppContext) => new TextEncoder().encode(ctx.config.jwtSecret);
const expired = () => new AppError(ERROR_CODES.invalidRefreshToken, MESSAGES.twoFactorChallengeExpired);
const invalidCode = () =>
  new AppError(ERROR_CODES.invalidUserNameOrPassword, MESSAGES.twoFactorCodeInvalid, [
    { message: MESSAGES.twoFactorCodeInvalid, members: ['code'] },
  ]);

export function signChallenge(ctx: AppContext, userId: string, purpose: Purpose): Promise<string> {
  return new SignJWT({ purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_MINUTES}m`)
    .sign(key(ctx));
}

/** The user a challenge of this purpose names, still there and not locked out. */
async function readChallenge(ctx: AppContext, challenge: string, purpose: Purpose) {
  let userId: string;
  try {
    const { payload } = await jwtVerify(challenge, key(ctx), { audience: AUDIENCE, algorithms: ['HS256'] });
    if (payload.purpose !== purpose || !payload.sub) throw expired();
    userId = payload.sub;
  } catch {
    throw expired();
  }
  const [row] = await ctx.db
    .select({ user: users, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!row) throw expired();
  if (row.user.lockoutEnd && row.user.lockoutEnd > new Date()) throw lockedOut();
  return row;
}

/** Step two: a TOTP code or a recovery code; then the session starts. */
export async function loginSecondStep(
  ctx: AppContext,
  input: SecondStepRequest,
  client?: Client,
): Promise<TokenResponse> {
  const { user, role } = await readChallenge(ctx, input.challenge, 'code');
  const used = await verifySecondFactorCode(ctx.db, user.id, input.code, ctx.sessionClock());
  if (!used) throw await countFailure(ctx.db, user, invalidCode);
  if (used === 'recovery') {
    await audit(ctx.db, {
      actorUserId: user.id,
      tenantId: user.tenantId,
      action: 'two-factor.recovery-code-used',
      entityType: 'user',
      entityId: user.id,
    });
  }
  return ctx.db.transaction((tx) =>
    startLoggedIn(ctx, tx, { ...user, role }, { data: { secondFactor: used }, client }),
  );
}

/** A user whose role requires a second factor and has none: set-up during the log-in. */
export async function loginTwoFactorSetup(ctx: AppContext, challenge: string): Promise<TwoFactorSetup> {
  const { user } = await readChallenge(ctx, challenge, 'setup');
  return beginTwoFactorSetup(ctx, user.id);
}

/** The first code switches it on; the recovery codes are shown once and the session starts. */
export async function loginTwoFactorEnable(
  ctx: AppContext,
  input: SecondStepRequest,
  client?: Client,
): Promise<TwoFactorEnabled> {
  const { user, role } = await readChallenge(ctx, input.challenge, 'setup');
  const result = await ctx.db.transaction(async (tx) => {
    const recoveryCodes = await completeTwoFactorSetup(ctx, tx, user.id, input.code, ctx.sessionClock());
    const tokens = await startLoggedIn(ctx, tx, { ...user, role }, { data: { secondFactor: 'setup' }, client });
    return { recoveryCodes, tokens };
  });
  ctx.jobs.nudge();
  return result;
}
