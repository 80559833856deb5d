import { type Reservation, STATUS } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { reservations } from '../../../db/schema/index.ts';
import { type MailRefresh, registerMailRefresher } from '../../../lib/outbox.ts';
import type { MailContent } from '../../../templates/mail/mail-content.ts';
import { paymentReminderMail } from '../../../templates/mail/payment-reminder.ts';
import { reservationApprovedMail } from '../../../templates/mail/reservation-approved.ts';
import { customerLinkLine } from '../../../templates/mail/withdrawal.ts';
import { RELATIVE_TO_APP } from '../../images/index.ts';
import { customerUrl } from '../customer/customer-link.ts';
import { replacePaymentToken } from '../payments/payment-links.ts';
import { findReservations } from '../reservations.repository.ts';
import { queueCustomerMail } from './workshop-notifications.ts';

/** The texts are in templates/mail/ (docs/decisions/0024-templates.md); this file only addresses and queues them. */
export function paymentLink(ctx: AppContext, token: string) {
  return `${ctx.config.publicUrl}/betalen/${token}`;
}

export type CustomerMail = MailContent & {
  links?: string[];
  /** A mail with a payment link: which text to make again, with the current link, on 'Opnieuw versturen'. */
  paymentTemplate?: 'approved' | 'reminder';
};

/** Queues the customer's mail in the transaction of the change it reports (lib/outbox.ts). */
export async function mailCustomer(ctx: AppContext, tx: Tx, r: Reservation, mail: CustomerMail) {
  const { paymentTemplate, ...content } = mail;
  await queueCustomerMail(ctx, tx, r.id, {
    to: r.email,
    ...content,
    links: content.links ?? [],
    ...(paymentTemplate ? { refresh: { type: 'paymentLink', reservationId: r.id, template: paymentTemplate } } : {}),
  });
}

/**
 * 'Opnieuw versturen' of a mail with a payment link: the link it held may have been replaced since (a
 * new quote, a reminder), so the mail is made again with a new current link and what the customer owes now. Null
 * when the reservation no longer awaits payment.
 */
async function renewPaymentMail(ctx: AppContext, tx: Tx, refresh: MailRefresh) {
  if (refresh.type !== 'paymentLink') return null;
  const [row] = await tx
    .select({ tenantId: reservations.tenantId, status: reservations.status })
    .from(reservations)
    .where(eq(reservations.id, refresh.reservationId));
  if (!row || row.status !== STATUS.awaitingPayment) return null;
  const token = await replacePaymentToken(tx, {
    id: refresh.reservationId,
    tenantId: row.tenantId,
    status: STATUS.awaitingPayment,
  });
  const [r] = await findReservations(tx, eq(reservations.id, refresh.reservationId), RELATIVE_TO_APP);
  if (!token || !r) return null;
  const link = paymentLink(ctx, token);
  const content = refresh.template === 'approved' ? reservationApprovedMail(r, link) : paymentReminderMail(r, link);
  // Made again as queueCustomerMail makes it: with the customer's own link under it.
  const own = customerUrl(ctx, r.id);
  return { to: r.email, ...content, text: `${content.text}\n\n${customerLinkLine(own)}`, links: [link, own] };
}

export function registerReservationMails(ctx: AppContext) {
  registerMailRefresher(ctx.jobs, 'paymentLink', (tx, refresh) => renewPaymentMail(ctx, tx, refresh));
}
