import type { Reservation, Transition } from '@ateliermarkt/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { auditLog, reservations, roles, users } from '../../../db/schema/index.ts';
import { type QueuedMail, queueMail } from '../../../lib/outbox.ts';
import type { MailContent } from '../../../templates/mail/mail-content.ts';
import { customerLinkLine } from '../../../templates/mail/withdrawal.ts';
import { workshopReservationPaidMail } from '../../../templates/mail/workshop-reservation-paid.ts';
import {
  type WorkshopRecipient,
  workshopReservationPlacedMail,
} from '../../../templates/mail/workshop-reservation-placed.ts';
import { workshopReservationReminderMail } from '../../../templates/mail/workshop-reservation-reminder.ts';
import { RELATIVE_TO_APP } from '../../images/index.ts';
import { customerUrl } from '../customer/customer-link.ts';
import { findReservations } from '../reservations.repository.ts';

/**
 * The workshop's mails about its reservations and the audit entry of every mail about a reservation,
 * which the reservation's history shows (docs/decisions/0029). Everything here runs in the transaction of the change
 * the mail reports; the caller nudges the job runner after its commit.
 */

export type MailAudience = 'customer' | 'workshop';
// Not `reservation.*`: that prefix is the reservation's own changes (durability.test.ts reads them as its trail).
export const MAIL_AUDIT_ACTION = 'mail.queued';

/** Records that a mail about a reservation was queued (in the same transaction, so a rolled-back change has none). */
export async function auditReservationMail(
  tx: Tx,
  reservationId: string,
  audience: MailAudience,
  subject: string,
  /** The mail jobs, so the history can tell whether they were delivered. */
  jobIds: string[],
) {
  await tx.insert(auditLog).values({
    actorUserId: null,
    tenantId: sql`(select ${reservations.tenantId} from ${reservations} where ${reservations.id} = ${reservationId})`,
    action: MAIL_AUDIT_ACTION,
    entityType: 'reservation',
    entityId: reservationId,
    data: { audience, subject, recipients: jobIds.length, jobIds },
  });
}

/** Queues a mail to the customer of a reservation and records it for the history. */
export async function queueCustomerMail(ctx: AppContext, tx: Tx, reservationId: string, mail: QueuedMail) {
  // Every mail to the customer carries their own link: follow, pay or withdraw there.
  const own = customerUrl(ctx, reservationId);
  const jobId = await queueMail(ctx.jobs, tx, {
    ...mail,
    text: `${mail.text}\n\n${customerLinkLine(own)}`,
    links: [...(mail.links ?? []), own],
  });
  await auditReservationMail(tx, reservationId, 'customer', mail.subject, [jobId]);
}

/** The back-office address of one reservation: the overview with its detail dialog open. */
export function reservationLink(ctx: AppContext, reservationId: string) {
  return `${ctx.config.publicUrl}/reservations/${reservationId}`;
}

/** The workshop admins of the reservation's workshop who did not switch 'Meldingen per e-mail' off. */
function subscribedAdmins(tx: Tx, workshopId: string) {
  return tx
    .select({ email: users.email, name: users.name, userName: users.userName })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.tenantId, workshopId), eq(roles.name, 'admin'), eq(users.emailNotifications, true)));
}

const WORKSHOP_MAILS = {
  placed: workshopReservationPlacedMail,
  paid: workshopReservationPaidMail,
  reminder: workshopReservationReminderMail,
} as const;

/** Mails the workshop's admins that a reservation arrived, was paid, or still waits for their answer. */
export function notifyWorkshop(ctx: AppContext, tx: Tx, reservationId: string, kind: keyof typeof WORKSHOP_MAILS) {
  return notifyWorkshopWith(ctx, tx, reservationId, WORKSHOP_MAILS[kind]);
}

/** Mails the workshop's subscribed admins the mail `write` makes for each of them. */
export async function notifyWorkshopWith(
  ctx: AppContext,
  tx: Tx,
  reservationId: string,
  write: (r: Reservation, to: WorkshopRecipient) => MailContent,
) {
  const [row] = await tx
    .select({ tenantId: reservations.tenantId })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  const [r] = await findReservations(tx, eq(reservations.id, reservationId), RELATIVE_TO_APP);
  if (!row || !r) return;
  const admins = await subscribedAdmins(tx, row.tenantId);
  if (admins.length === 0) return;
  const link = reservationLink(ctx, reservationId);
  let subject = '';
  const jobIds: string[] = [];
  for (const admin of admins) {
    const to = { adminName: admin.name || admin.userName, link };
    const mail = write(r, to);
    subject = mail.subject;
    jobIds.push(await queueMail(ctx.jobs, tx, { to: admin.email, ...mail, links: [link] }));
  }
  await auditReservationMail(tx, reservationId, 'workshop', subject, jobIds);
}

/** The workshop's mail that goes with a transition, if any: a payment. */
export async function notifyWorkshopOf(ctx: AppContext, tx: Tx, reservationId: string, transition: Transition) {
  if (transition === 'paid') await notifyWorkshop(ctx, tx, reservationId, 'paid');
}
