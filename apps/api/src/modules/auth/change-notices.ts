/**
 * Notices of a change that moves money or identity (ASVS 6.3.7): mailed to the addresses as they were
 * before the change and to the new ones, with a 'dit was ik niet' link. The link ends every session of the account
 * that made the change and tells the super admins; its code is single use, stored hashed like a reset code.
 */
import { ERROR_CODES, MESSAGES, ROLE_ADMIN } from '@ateliermarkt/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { resetCodes, roles, tenants, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { queueMail } from '../../lib/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { accountChangedMail, type ChangedItem, notMeReportedMail } from '../../templates/mail/account-changed.ts';
import { revokeUserSessions } from './sessions.ts';

/** How long a 'dit was ik niet' link works. */
export const NOT_ME_DAYS = 14;

export type ChangeNotice = {
  actor: Pick<Actor, 'userId'>;
  /** 'je account' or 'atelier <naam>'. */
  subject: string;
  items: ChangedItem[];
  /** The addresses before the change and after it, in any order; each gets one mail. */
  addresses: (string | null | undefined)[];
};

/** Each address once, compared without case. */
export function distinctAddresses(addresses: (string | null | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const a of addresses) {
    const address = a?.trim();
    if (address && !seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  }
  return [...seen.values()];
}

/** The super admins' addresses. */
export async function superAdminAddresses(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, ROLE_ADMIN), isNull(users.tenantId)));
  return rows.map((r) => r.email);
}

/** A new 'dit was ik niet' link for a change made by `userId` (its code stored hashed, valid NOT_ME_DAYS). */
export async function createNotMeLink(ctx: AppContext, tx: DbOrTx, userId: string, now = new Date()) {
  const code = randomToken();
  await tx.insert(resetCodes).values({
    userId,
    purpose: 'not-me',
    codeHash: sha256(code),
    expiresAt: new Date(now.getTime() + NOT_ME_DAYS * 86_400_000),
  });
  return `${ctx.config.publicUrl}/dit-was-ik-niet?${new URLSearchParams({ code })}`;
}

/** Queues the notice in the caller's transaction; the caller nudges the job runner after its commit. */
export async function queueChangeNotice(ctx: AppContext, tx: DbOrTx, notice: ChangeNotice, now = new Date()) {
  const [who] = await tx
    .select({ name: users.name, surname: users.surname, userName: users.userName })
    .from(users)
    .where(eq(users.id, notice.actor.userId));
  const fullName = who ? `${who.name} ${who.surname}`.trim() : '';
  const link = await createNotMeLink(ctx, tx, notice.actor.userId, now);
  const mail = accountChangedMail({
    subject: notice.subject,
    changedBy: fullName || who?.userName || null,
    changedAt: now,
    items: notice.items,
    notMeLink: link,
    notMeDays: NOT_ME_DAYS,
  });
  for (const to of distinctAddresses(notice.addresses)) await queueMail(ctx.jobs, tx, { to, ...mail, links: [link] });
}

/** 'Dit was ik niet': ends every session of the account that made the change and mails every super admin. */
export async function reportNotMe(ctx: AppContext, code: string, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(resetCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(resetCodes.codeHash, sha256(code)),
          eq(resetCodes.purpose, 'not-me'),
          isNull(resetCodes.usedAt),
          gt(resetCodes.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) throw new AppError(ERROR_CODES.invalidResetCode, MESSAGES.notMeInvalid);
    const [account] = await tx
      .select({ id: users.id, userName: users.userName, tenantId: users.tenantId, workshop: tenants.name })
      .from(users)
      .leftJoin(tenants, eq(tenants.id, users.tenantId))
      .where(eq(users.id, claimed.userId));
    if (!account) throw new AppError(ERROR_CODES.invalidResetCode, MESSAGES.notMeInvalid);
    await revokeUserSessions(tx, account.id);
    await audit(tx, {
      actorUserId: null,
      tenantId: account.tenantId,
      action: 'account.not-me',
      entityType: 'user',
      entityId: account.id,
    });
    const mail = notMeReportedMail({ account: account.userName, workshop: account.workshop, at: now });
    for (const to of distinctAddresses(await superAdminAddresses(tx))) await queueMail(ctx.jobs, tx, { to, ...mail });
  });
  ctx.sessions.forget();
  ctx.jobs.nudge();
  return { message: MESSAGES.notMeDone };
}
