/**
 * Two-factor log-in with TOTP (RFC 6238 through otplib; docs/decisions/0047). A secret is first kept as
 * pending and becomes the user's only when a code of it is given, so a half-finished set-up changes nothing. A code
 * works once (the last accepted time step is kept); one step either side is accepted for clocks that drift. Ten
 * recovery codes, shown once and stored as SHA-256 hashes, each work once instead of a code.
 */
import { randomInt } from 'node:crypto';
import { ERROR_CODES, MESSAGES, PRODUCT_NAME, ROLE_ADMIN, type TwoFactorSetup } from '@ateliermarkt/contract';
import bwipjs from 'bwip-js/node';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AppContext, RuntimeConfig } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { recoveryCodes, users } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { sha256 } from '../../lib/crypto.ts';
import { queueChangeNotice } from './change-notices.ts';

export const RECOVERY_CODE_COUNT = 10;
const PERIOD_SECONDS = 30;

/** Whether REQUIRE_2FA asks this role for a second factor. */
export function twoFactorRequired(
  config: Pick<RuntimeConfig, 'requireTwoFactor'>,
  role: string,
  workshopId: string | null,
) {
  if (role !== ROLE_ADMIN) return false;
  if (config.requireTwoFactor === 'admins') return true;
  return config.requireTwoFactor === 'superAdmin' && workshopId === null;
}

/** The time step a code of `secret` matches at `now` (one step either side), or null. */
export async function totpStep(secret: string, code: string, now: Date, after: number | null): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Recovery codes are typed by people: case, spaces and dashes do not matter. */
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();

/** Ten codes of ten characters (letters and digits without look-alikes), shown as xxxxx-xxxxx. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Whether `code` is a valid second factor of the user now: a TOTP code not used before (claimed with a conditional
 * update, so two concurrent requests cannot both use it) or an unused recovery code (claimed the same way).
 */
export async function verifySecondFactorCode(
  db: DbOrTx,
  userId: string,
  code: string,
  now = new Date(),
): Promise<'totp' | 'recovery' | null> {
  const [user] = await db
    .select({ secret: users.totpSecret, lastStep: users.totpLastStep })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.secret) return null;
  const step = await totpStep(user.secret, code, now, user.lastStep);
  if (step !== null) {
    const [claimed] = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return claimed ? 'totp' : null;
  }
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(normalizeRecoveryCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used ? 'recovery' : null;
}

/** Starts setting up: a new pending secret, its otpauth URI and QR code. Refused while a second factor is on. */
export async function beginTwoFactorSetup(ctx: AppContext, userId: string): Promise<TwoFactorSetup> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(ERROR_CODES.notFound, MESSAGES.notFound);
  if (user.totpSecret) throw new AppError(ERROR_CODES.conflict, MESSAGES.twoFactorAlreadyOn);
  const secret = generateSecret();
  await ctx.db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, userId));
  const otpauthUri = generateURI({ issuer: PRODUCT_NAME, label: user.email || user.userName, secret });
  // The QR code by the project's one barcode library (as the pick-up slip's); `eclevel` is BWIPP's, untyped there.
  const qrOptions: Parameters<typeof bwipjs.toSVG>[0] & { eclevel: 'M' } = {
    bcid: 'qrcode',
    text: otpauthUri,
    eclevel: 'M',
    scale: 4,
    padding: 8,
  };
  const svg = bwipjs.toSVG(qrOptions);
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Switches the pending secret on with its first code, in the caller's transaction: new recovery codes (the old ones
 * end), an audit entry and a notice to the user's address. Returns the recovery codes, to be shown once.
 */
export async function completeTwoFactorSetup(
  ctx: AppContext,
  tx: DbOrTx,
  userId: string,
  code: string,
  now = new Date(),
): Promise<string[]> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(ERROR_CODES.notFound, MESSAGES.notFound);
  if (user.totpSecret) throw new AppError(ERROR_CODES.conflict, MESSAGES.twoFactorAlreadyOn);
  if (!user.totpPendingSecret) throw fieldError('code', MESSAGES.twoFactorNotSetUp);
  const step = await totpStep(user.totpPendingSecret, code, now, null);
  if (step === null) throw fieldError('code', MESSAGES.twoFactorCodeInvalid);
  const codes = newRecoveryCodes();
  await tx
    .update(users)
    .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
    .where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: sha256(normalizeRecoveryCode(c)) })));
  await recordSwitch(ctx, tx, user, true);
  return codes;
}

/** A second factor switched on or off: in the audit log, and the user is told by mail. */
async function recordSwitch(
  ctx: AppContext,
  tx: DbOrTx,
  user: { id: string; tenantId: string | null; email: string },
  on: boolean,
) {
  await audit(tx, {
    actorUserId: user.id,
    tenantId: user.tenantId,
    action: on ? 'two-factor.enable' : 'two-factor.disable',
    entityType: 'user',
    entityId: user.id,
  });
  await queueChangeNotice(ctx, tx, {
    actor: { userId: user.id },
    subject: 'je account',
    items: [{ label: 'Tweestapsverificatie', from: on ? 'uit' : 'aan', to: on ? 'aan' : 'uit' }],
    addresses: [user.email],
  });
}

/** Switches the second factor off (the caller re-confirmed): secret and recovery codes go, the user is told. */
export async function removeTwoFactor(ctx: AppContext, tx: DbOrTx, userId: string) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(ERROR_CODES.notFound, MESSAGES.notFound);
  await tx
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await recordSwitch(ctx, tx, user, false);
}
