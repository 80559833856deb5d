import { ROLE_ADMIN } from '@ateliermarkt/contract';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { roles, users, type workspaces } from '../../db/schema/index.ts';
import { queueMail } from '../../lib/outbox.ts';
import type { Actor } from '../../plugins/auth.ts';
import { payoutAccountChangedMail } from '../../templates/mail/payout-account-changed.ts';
import { createNotMeLink, distinctAddresses, NOT_ME_DAYS } from '../auth/index.ts';

type WorkshopRow = typeof workspaces.$inferSelect;

/** Whether an update changes the payout account: the IBAN or its holder set, changed or removed. */
export const payoutAccountChanged = (
  before: Pick<WorkshopRow, 'iban' | 'ibanHolder'>,
  after: Pick<WorkshopRow, 'iban' | 'ibanHolder'>,
) => (before.iban ?? null) !== (after.iban ?? null) || (before.ibanHolder ?? null) !== (after.ibanHolder ?? null);

/**
 * Who is told that a workshop's payout account changed (docs/decisions/0038): the workshop's own e-mail address (and
 * the one it had before this save, so a hijacker cannot hide the change), its admins and every super admin, each address once. A security notice: 'Meldingen per e-mail' does not switch it off.
 */
async function recipients(tx: Tx, workshop: WorkshopRow, previousEmail: string | null): Promise<string[]> {
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(roles.name, ROLE_ADMIN), or(eq(users.tenantId, workshop.tenantId), isNull(users.tenantId))));
  return distinctAddresses([previousEmail, workshop.email, ...admins.map((a) => a.email)]);
}

/** Queues the mail about a changed payout account, in the transaction of the change; the caller nudges the runner. */
export async function notifyPayoutAccountChanged(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  workshop: WorkshopRow,
  previousEmail: string | null,
) {
  const [who] = await tx
    .select({ name: users.name, surname: users.surname, userName: users.userName })
    .from(users)
    .where(eq(users.id, actor.userId));
  const fullName = who ? `${who.name} ${who.surname}`.trim() : '';
  const mail = payoutAccountChangedMail({
    workshopName: workshop.name,
    changedBy: fullName || who?.userName || null,
    changedAt: workshop.ibanChangedAt ?? new Date(),
    iban: workshop.iban,
    ibanHolder: workshop.ibanHolder,
    notMe: { link: await createNotMeLink(ctx, tx, actor.userId), days: NOT_ME_DAYS },
  });
  for (const to of await recipients(tx, workshop, previousEmail)) await queueMail(ctx.jobs, tx, { to, ...mail });
}
