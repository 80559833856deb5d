import type { Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { reservationMail } from './reservation-frame.ts';

/** To the customer when the order is sent, with the track & trace code when the workshop entered one. */
export function orderShippedMail(r: Reservation): MailContent {
  const tt = r.trackAndTrace ? `\n\nVolg je pakket met deze track & trace: ${r.trackAndTrace}` : '';
  return reservationMail(r, 'Je bestelling is verzonden', `Je bestelling is onderweg.${tt}`);
}
