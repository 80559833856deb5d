import type { Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { reservationMail } from './reservation-frame.ts';

/** To the customer when the workshop approves: the payment link makes the reservation final. */
export function reservationApprovedMail(r: Reservation, paymentLink: string): MailContent {
  return reservationMail(
    r,
    'Je reservering is goedgekeurd',
    `Goed nieuws: ${r.workspaceName} heeft je reservering goedgekeurd. Betaal via deze link om hem definitief te maken:\n\n${paymentLink}`,
  );
}
