import type { Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { reservationMail } from './reservation-frame.ts';

/** To the customer when the payment is in (payment page, webhook or the workshop's 'betaald'). */
export function paymentReceivedMail(r: Reservation): MailContent {
  return reservationMail(r, 'Je betaling is ontvangen', 'We hebben je betaling ontvangen. Dank je wel!');
}
