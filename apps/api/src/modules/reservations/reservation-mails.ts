import type { Reservation } from '@ateliermarkt/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { MailContent } from '../../templates/mail/mail-content.ts';
import { queueCustomerMail } from './workshop-notifications.ts';

/** The texts are in templates/mail/ (docs/decisions/0024-templates.md); this file only addresses and queues them. */
export function paymentLink(ctx: AppContext, token: string) {
  return `${ctx.config.publicUrl}/betalen/${token}`;
}

export type CustomerMail = MailContent & { links?: string[] };

/** Queues the customer's mail in the transaction of the change it reports (lib/outbox.ts). */
export async function mailCustomer(ctx: AppContext, tx: Tx, r: Reservation, mail: CustomerMail) {
  await queueCustomerMail(ctx, tx, r.id, { to: r.email, ...mail, links: mail.links ?? [] });
}
