import { formatEuro, PRODUCT_NAME, type Reservation, reservationTotals } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';

/** The reservation as the customer's mails list it: the products still in it, the packages and the total. */
export function orderSummary(r: Reservation): string {
  const lines = r.products
    .filter((p) => p.isAvailable)
    .map((p) => `- ${p.quantity} x ${p.name} (${formatEuro(p.price)})`);
  const totals = reservationTotals(r);
  lines.push(`- ${r.deliveryMethod.quantity} x ${r.deliveryMethod.name} (${formatEuro(r.deliveryMethod.price)})`);
  lines.push(`Totaal: ${formatEuro(totals.total)}`);
  return lines.join('\n');
}

/** The frame of every mail about a change of a reservation: greeting, the news, the order and the workshop's name. */
export function reservationMail(r: Reservation, subject: string, body: string): MailContent {
  return {
    subject: `${subject} (${r.orderNumber})`,
    text: `Beste ${r.name},\n\n${body}\n\nJe reservering ${r.orderNumber} bij ${r.workspaceName}:\n${orderSummary(r)}\n\nGroeten,\n${r.workspaceName} via ${PRODUCT_NAME}`,
  };
}
