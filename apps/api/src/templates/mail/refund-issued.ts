import { formatEuro, type Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { reservationMail } from './reservation-frame.ts';

/**
 * To the customer when money is given back: a received return or a refund by the back-office, wholly or
 * per line, with the reason. Through Mollie it goes back the way it was paid; with the demo provider by hand.
 */
export function refundIssuedMail(
  r: Reservation,
  refund: { amountCents: number; reason: string; byHand: boolean },
): MailContent {
  const how = refund.byHand
    ? 'We maken het bedrag zo snel mogelijk naar je over.'
    : 'Het bedrag gaat terug via de betaalmethode waarmee je hebt betaald; meestal staat het binnen een paar werkdagen op je rekening.';
  return reservationMail(
    r,
    'Je krijgt geld terug',
    `We betalen je ${formatEuro(refund.amountCents / 100)} terug. Reden: ${refund.reason}\n\n${how}`,
  );
}
