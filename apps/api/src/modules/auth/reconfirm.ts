/**
 * Re-confirmation of a change that moves money or identity (ASVS 7.5.1): changing one's log-in e-mail,
 * password or second factor, or a workshop's e-mail or IBAN, carries the current password (or, with the second
 * factor on, its code) in the same request. A session alone is not enough. Wrong answers count like failed log-ins:
 * after LOCKOUT_MAX_FAILURES in a row the account is locked out, so a stolen session cannot guess on.
 */
import { ERROR_CODES, type ErrorCode, MESSAGES } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/crypto.ts';
import type { Actor } from '../../plugins/auth.ts';
import { countFailure } from './auth.service.ts';
import { verifySecondFactorCode } from './two-factor.ts';

export type Reconfirmation = { currentPassword?: string | undefined; confirmCode?: string | undefined };

const refused = (code: ErrorCode, message: string) =>
  new AppError(code, message, [{ message, members: ['currentPassword'] }]);

/** Throws unless the request carries the actor's current password or a valid second-factor code. */
export async function assertReconfirmed(ctx: AppContext, actor: Actor, given: Reconfirmation) {
  const password = given.currentPassword?.trim() ? given.currentPassword : undefined;
  const code = given.confirmCode?.trim() ? given.confirmCode.trim() : undefined;
  if (!password && !code) throw refused(ERROR_CODES.reconfirmRequired, MESSAGES.reconfirmRequired);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw refused(ERROR_CODES.reconfirmRequired, MESSAGES.reconfirmRequired);
  const now = ctx.sessionClock();
  if (user.lockoutEnd && user.lockoutEnd > now) throw new AppError(ERROR_CODES.lockedOut, MESSAGES.loginLockedOut);
  const ok = password
    ? Boolean(user.passwordHash) && (await verifyPassword(user.passwordHash as string, password))
    : (await verifySecondFactorCode(ctx.db, user.id, code as string, now)) !== null;
  if (ok) return;
  // Counted with failed log-ins: five in a row lock the account like wrong passwords do.
  throw await countFailure(ctx.db, user, () => refused(ERROR_CODES.currentPasswordWrong, MESSAGES.reconfirmWrong));
}
