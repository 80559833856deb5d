import type { Reservation } from '@ateliermarkt/contract';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { type AuditEntry, audit } from '../../../lib/audit.ts';
import { paymentReminderMail } from '../../../templates/mail/payment-reminder.ts';
import { mailCustomer, paymentLink } from '../mails/reservation-mails.ts';
import type { WriteTarget } from '../reservations.repository.ts';
import { replacePaymentToken } from './payment-links.ts';
import { queueProviderReminder } from './provider-payments.ts';

/**
 * The customer's payment reminder, in the caller's transaction, whoever sends it (the workshop's button or the
 * scheduler): with a payment provider a job makes a new payment and mails its link; with the demo provider the
 * reservation's link is replaced (the old one then says so) and mailed with what the customer owes, read again after
 * the replacement. Audited as `reservation.payment-reminder`. False when the reservation is no longer the target.
 */
export async function remindOfPayment(
  ctx: AppContext,
  tx: Tx,
  target: WriteTarget,
  reload: () => Promise<Reservation | undefined>,
  auditAs: Pick<AuditEntry, 'actorUserId' | 'tenantId' | 'data'>,
): Promise<boolean> {
  if (ctx.payments.name !== 'demo') {
    await queueProviderReminder(ctx, tx, target.id);
  } else {
    const token = await replacePaymentToken(tx, target);
    if (!token) return false;
    const r = await reload();
    if (!r) return false;
    const link = paymentLink(ctx, token);
    await mailCustomer(ctx, tx, r, { ...paymentReminderMail(r, link), links: [link], paymentTemplate: 'reminder' });
  }
  await audit(tx, {
    ...auditAs,
    action: 'reservation.payment-reminder',
    entityType: 'reservation',
    entityId: target.id,
  });
  return true;
}
