import { formatEuro, PRODUCT_NAME, type Reservation, reservationTotals } from '@ateliermarkt/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { queueMail } from '../../lib/outbox.ts';

export function paymentLink(ctx: AppContext, token: string) {
  return `${ctx.config.publicUrl}/betalen/${token}`;
}

function orderSummary(r: Reservation): string {
  const lines = r.products
    .filter((p) => p.isAvailable)
    .map((p) => `- ${p.quantity} x ${p.name} (${formatEuro(p.price)})`);
  const totals = reservationTotals(r);
  lines.push(`- ${r.deliveryMethod.quantity} x ${r.deliveryMethod.name} (${formatEuro(r.deliveryMethod.price)})`);
  lines.push(`Totaal: ${formatEuro(totals.total)}`);
  return lines.join('\n');
}

/** Queues the customer's mail in the transaction of the change it reports (lib/outbox.ts). */
export async function mailCustomer(
  ctx: AppContext,
  tx: Tx,
  r: Reservation,
  subject: string,
  body: string,
  links: string[] = [],
) {
  await queueMail(ctx.jobs, tx, {
    to: r.email,
    subject: `${subject} (${r.orderNumber})`,
    text: `Beste ${r.name},\n\n${body}\n\nJe reservering ${r.orderNumber} bij ${r.workspaceName}:\n${orderSummary(r)}\n\nGroeten,\n${r.workspaceName} via ${PRODUCT_NAME}`,
    links,
  });
}

export type CustomerMail = { subject: string; body: string; links?: string[] };
