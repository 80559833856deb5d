import type { Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { reservationMail } from './reservation-frame.ts';

/** To the customer when the workshop has the returned products back. */
export function returnReceivedMail(r: Reservation): MailContent {
  return reservationMail(r, 'Je retour is ontvangen', `${r.workspaceName} heeft je retour ontvangen.`);
}
