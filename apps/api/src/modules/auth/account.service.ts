import {
  type ChangePasswordRequest,
  ERROR_CODES,
  MESSAGES,
  PROFILE_READ_ONLY,
  type Profile,
  RESET_CODE_HOURS,
  type ResetPasswordRequest,
  SET_PASSWORD_CODE_DAYS,
  type UpdateProfile,
} from '@ateliermarkt/contract';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { resetCodes, users } from '../../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { assertNotBreached } from '../../lib/breached-passwords.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto.ts';
import { defineJob } from '../../lib/jobs.ts';
import { type MailRefresh, queueMail, registerMailRefresher } from '../../lib/outbox.ts';
import { changedFields, readOnlyError } from '../../lib/read-only.ts';
import { UUID } from '../../lib/uuid.ts';
import type { Actor } from '../../plugins/auth.ts';
import { passwordLinkMail } from '../../templates/mail/password-link.ts';
import { personalDetails } from './accounts.ts';
import { resolveWorkshop } from './auth.service.ts';
import { queueChangeNotice } from './change-notices.ts';
import { assertReconfirmed, type Reconfirmation } from './reconfirm.ts';
import { revokeUserSessions } from './sessions.ts';
import { beginTwoFactorSetup, completeTwoFactorSetup, removeTwoFactor, twoFactorRequired } from './two-factor.ts';
import { findActorRow, findUserInTenant, normalize, tenantUrl, type UserRow } from './user-queries.ts';

const invalidCode = () => new AppError(ERROR_CODES.invalidResetCode, MESSAGES.resetCodeInvalid);

export function toProfile(ctx: AppContext, row: UserRow): Profile {
  const { user } = row;
  const role = row.roleName === 'admin' ? 'admin' : 'user';
  return {
    id: user.id,
    name: user.name,
    surname: user.surname ?? '',
    fullName: `${user.name} ${user.surname ?? ''}`.trim(),
    email: user.email,
    userName: user.userName,
    phoneNumber: user.phoneNumber,
    tenant: user.tenantId
      ? {
          id: user.tenantId,
          name: row.tenantName ?? '',
          url: tenantUrl(ctx.config.shopUrl, row.tenantSlug, row.workspacePublished),
        }
      : null,
    roles: [role],
    isSuperAdmin: role === 'admin' && !user.tenantId,
    emailNotifications: user.emailNotifications,
    twoFactorEnabled: Boolean(user.totpSecret),
  };
}

async function actorRow(ctx: AppContext, actor: Actor) {
  const [row] = await findActorRow(ctx.database, { userId: actor.userId, tenantId: actor.tenantId });
  if (!row) throw notFound();
  return row;
}

export async function getProfile(ctx: AppContext, actor: Actor): Promise<Profile> {
  return toProfile(ctx, await actorRow(ctx, actor));
}

/** Checks that an e-mail address is not used by another user of the same tenant. */
export async function assertEmailFree(db: DbOrTx, workshopId: string | null, email: string, exceptUserId?: string) {
  const taken = await findUserInTenant(
    db,
    workshopId,
    exceptUserId
      ? and(eq(users.normalizedEmail, normalize(email)), ne(users.id, exceptUserId))
      : eq(users.normalizedEmail, normalize(email)),
  );
  if (taken) throw fieldError('email', MESSAGES.emailTaken);
}

export async function updateProfile(ctx: AppContext, actor: Actor, input: UpdateProfile): Promise<Profile> {
  const row = await actorRow(ctx, actor);
  const shown = toProfile(ctx, row);
  // The profile as GET returned it may come back: its read-only fields unchanged (the full name follows the names).
  const changed = changedFields(shown, input, PROFILE_READ_ONLY).filter(
    (k) => !(k === 'fullName' && input.fullName === `${input.name} ${input.surname}`.trim()),
  );
  if (changed.length) throw readOnlyError(changed);
  const emailChanged = normalize(input.email) !== row.user.normalizedEmail;
  if (emailChanged) await assertReconfirmed(ctx, actor, input);
  await assertEmailFree(ctx.db, actor.tenantId, input.email, actor.userId);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...personalDetails(input),
        ...(input.emailNotifications === undefined ? {} : { emailNotifications: input.emailNotifications }),
        concurrencyStamp: crypto.randomUUID(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, actor.userId));
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: emailChanged ? 'profile.email-change' : 'profile.update',
      entityType: 'user',
      entityId: actor.userId,
      data: emailChanged ? { email: { from: row.user.email, to: input.email } } : undefined,
    });
    if (emailChanged) {
      await queueChangeNotice(ctx, tx, {
        actor,
        subject: 'je account',
        items: [{ label: 'E-mailadres', from: row.user.email, to: input.email }],
        addresses: [row.user.email, input.email],
      });
    }
  });
  if (emailChanged) ctx.jobs.nudge();
  return getProfile(ctx, actor);
}

/** A new password ends every other session of the user; the one that changed it goes on. */
export async function changePassword(ctx: AppContext, actor: Actor, input: ChangePasswordRequest) {
  const row = await actorRow(ctx, actor);
  const ok = row.user.passwordHash ? await verifyPassword(row.user.passwordHash, input.currentPassword) : false;
  if (!ok) {
    throw new AppError(ERROR_CODES.currentPasswordWrong, MESSAGES.currentPasswordWrong, [
      { message: MESSAGES.currentPasswordWrong, members: ['currentPassword'] },
    ]);
  }
  assertNotBreached(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.userId));
    await revokeUserSessions(tx, actor.userId, actor.sessionId);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'password.change',
      entityType: 'user',
      entityId: actor.userId,
    });
    await queueChangeNotice(ctx, tx, {
      actor,
      subject: 'je account',
      items: [{ label: 'Wachtwoord', from: null, to: null }],
      addresses: [row.user.email],
    });
  });
  ctx.sessions.forget();
  ctx.jobs.nudge();
}

type LinkUser = { id: string; tenantId: string | null; email: string; name: string };

/** Creates a single-use code in the caller's transaction and answers the mail with its link. */
async function passwordLinkFor(ctx: AppContext, db: DbOrTx, user: LinkUser, purpose: 'reset' | 'set-password') {
  const code = randomToken();
  const hours = purpose === 'reset' ? RESET_CODE_HOURS : SET_PASSWORD_CODE_DAYS * 24;
  await db.insert(resetCodes).values({
    userId: user.id,
    purpose,
    codeHash: sha256(code),
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  const query = new URLSearchParams({ code, userId: user.id, tenantId: user.tenantId ?? '' });
  const link = `${ctx.config.publicUrl}/resetPassword?${query}`;
  const validity = purpose === 'reset' ? `${RESET_CODE_HOURS} uur` : `${SET_PASSWORD_CODE_DAYS} dagen`;
  return { to: user.email, ...passwordLinkMail({ purpose, name: user.name, link, validity }), links: [link] };
}

/**
 * Creates a single-use code and queues the mail with the link to set a (new) password, both in the caller's
 * transaction (the caller nudges the job runner after its commit). A resend makes a new code.
 */
export async function sendPasswordLink(ctx: AppContext, db: DbOrTx, user: LinkUser, purpose: 'reset' | 'set-password') {
  const mail = await passwordLinkFor(ctx, db, user, purpose);
  await queueMail(ctx.jobs, db, { ...mail, refresh: { type: 'passwordLink', userId: user.id, purpose } });
}

/** 'Opnieuw versturen' of a password mail: a new code for the user as they are now; null when the user is gone. */
async function renewPasswordLink(ctx: AppContext, tx: DbOrTx, refresh: MailRefresh) {
  if (refresh.type !== 'passwordLink') return null;
  const [user] = await tx
    .select({ id: users.id, tenantId: users.tenantId, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, refresh.userId));
  return user ? passwordLinkFor(ctx, tx, user, refresh.purpose) : null;
}

const RESET_REQUEST_JOB = 'account.reset-request';
const resetRequestJob = z.object({ emailAddress: z.string(), tenantHeader: z.string().nullable() });
type ResetRequestJob = z.output<typeof resetRequestJob>;

/**
 * Always the same answer in the same time, whether the address is known or not (no user enumeration): the request
 * only writes a job, the same row for any address. The job (below) looks the user up and, when there is one, makes
 * the code and queues the mail in one transaction.
 */
export async function requestPasswordReset(ctx: AppContext, emailAddress: string, tenantHeader: string | undefined) {
  const job: ResetRequestJob = { emailAddress, tenantHeader: tenantHeader ?? null };
  await ctx.jobs.enqueue(ctx.db, RESET_REQUEST_JOB, job);
  ctx.jobs.nudge();
  return { message: MESSAGES.resetRequestSent };
}

async function handleResetRequest(ctx: AppContext, { emailAddress, tenantHeader }: ResetRequestJob) {
  const sameAddress = eq(users.normalizedEmail, normalize(emailAddress));
  let accounts: (typeof users.$inferSelect)[];
  if (!tenantHeader) {
    // No workshop named (a client without the picker): every account with this address, in any workshop
    // or the host, gets its own link, which names its workshop. The answer is the same either way.
    accounts = await ctx.db.select().from(users).where(sameAddress);
  } else {
    const workshopId = await resolveWorkshop(ctx.db, tenantHeader);
    if (workshopId === undefined) return;
    const row = await findUserInTenant(ctx.db, workshopId, sameAddress);
    accounts = row ? [row.user] : [];
  }
  for (const user of accounts) {
    await ctx.db.transaction(async (tx) => {
      await sendPasswordLink(ctx, tx, user, 'reset');
      await audit(tx, {
        actorUserId: user.id,
        tenantId: user.tenantId,
        action: 'password.reset-request',
        entityType: 'user',
        entityId: user.id,
      });
    });
  }
  if (accounts.length > 0) ctx.jobs.nudge();
}

export function registerAccountJobs(ctx: AppContext) {
  registerMailRefresher(ctx.jobs, 'passwordLink', (tx, refresh) => renewPasswordLink(ctx, tx, refresh));
  ctx.jobs.register(
    defineJob(RESET_REQUEST_JOB, resetRequestJob, (payload) => handleResetRequest(ctx, payload), {
      // The typed address is not kept once handled.
      keepOnDone: () => ({}),
    }),
  );
}

/** Sets a new password with a mailed code: single use, unexpired, for exactly that user and tenant. */
export async function resetPassword(ctx: AppContext, input: ResetPasswordRequest) {
  const workshopId = input.tenantId ? input.tenantId : null;
  if (workshopId && !UUID.test(workshopId)) throw invalidCode();
  assertNotBreached(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(resetCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(resetCodes.codeHash, sha256(input.token)),
          inArray(resetCodes.purpose, ['reset', 'set-password']),
          isNull(resetCodes.usedAt),
          gt(resetCodes.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!claimed || claimed.userId !== input.userId) throw invalidCode();
    const row = await findUserInTenant(tx, workshopId, eq(users.id, claimed.userId));
    if (!row) throw invalidCode();
    await tx
      .update(users)
      .set({ passwordHash, accessFailedCount: 0, lockoutEnd: null, updatedAt: new Date() })
      .where(eq(users.id, row.user.id));
    await revokeUserSessions(tx, row.user.id);
    await audit(tx, {
      actorUserId: row.user.id,
      tenantId: workshopId,
      action: 'password.reset',
      entityType: 'user',
      entityId: row.user.id,
    });
  });
  ctx.sessions.forget();
}

/** 'Tweestapsverificatie instellen' on the profile: re-confirmed with the password. */
export async function setUpMyTwoFactor(ctx: AppContext, actor: Actor, input: Reconfirmation) {
  await assertReconfirmed(ctx, actor, input);
  return beginTwoFactorSetup(ctx, actor.userId);
}

export async function enableMyTwoFactor(ctx: AppContext, actor: Actor, code: string) {
  const recoveryCodes = await ctx.db.transaction((tx) => completeTwoFactorSetup(ctx, tx, actor.userId, code));
  ctx.jobs.nudge();
  return { recoveryCodes };
}

/** Switching off re-confirms; refused while REQUIRE_2FA asks it of the user's role. */
export async function disableMyTwoFactor(ctx: AppContext, actor: Actor, input: Reconfirmation) {
  if (twoFactorRequired(ctx.config, actor.role, actor.tenantId)) {
    throw new AppError(ERROR_CODES.forbidden, MESSAGES.twoFactorRequiredForRole);
  }
  await assertReconfirmed(ctx, actor, input);
  await ctx.db.transaction((tx) => removeTwoFactor(ctx, tx, actor.userId));
  ctx.jobs.nudge();
}
