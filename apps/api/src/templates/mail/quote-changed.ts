import { formatEuro, PRODUCT_NAME, type Reservation, type ReservationQuote } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';

/** One line: count, name, price apiece and the line's total ('2 x Pakket à €7,95 = €15,90'), so the customer can check the sum. */
function quoteLine(quantity: number, name: string, priceCents: number): string {
  return `- ${quantity} x ${name} à ${formatEuro(priceCents / 100)} = ${formatEuro((quantity * priceCents) / 100)}`;
}

/** A quote as the customer's mails list a reservation (reservation-frame.ts): the lines, the packages, the total. */
export function quoteSummary(q: ReservationQuote): string {
  const lines = q.lines.map((l) => quoteLine(l.quantity, l.name, l.priceCents));
  lines.push(quoteLine(q.delivery.quantity, q.delivery.name, q.delivery.priceCents));
  lines.push(`Totaal: ${formatEuro(q.totalCents / 100)}`);
  return lines.join('\n');
}

/**
 * To the customer when the workshop changed a reservation awaiting payment (a product taken out, another delivery
 * method or package count): the reservation before and after, and the new payment link, which replaces
 * every earlier one.
 */
export function quoteChangedMail(
  r: Reservation,
  before: ReservationQuote,
  after: ReservationQuote,
  paymentLink: string,
): MailContent {
  const now = formatEuro(after.totalCents / 100);
  const was = formatEuro(before.totalCents / 100);
  return {
    subject: `Je reservering is aangepast (${r.orderNumber})`,
    text: `Beste ${r.name},

${r.workspaceName} heeft je reservering ${r.orderNumber} aangepast. Het totaalbedrag is nu ${now} (was ${was}).

Eerst:
${quoteSummary(before)}

Nu:
${quoteSummary(after)}

Betaal het nieuwe bedrag via deze link:

${paymentLink}

De betaallink uit een eerdere e-mail werkt niet meer.

Groeten,
${r.workspaceName} via ${PRODUCT_NAME}`,
  };
}
