import type { Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { reservationMail } from './reservation-frame.ts';

/** To the customer when the workshop rejects the reservation. */
export function reservationRejectedMail(r: Reservation): MailContent {
  return reservationMail(
    r,
    'Je reservering is afgewezen',
    `Helaas kan ${r.workspaceName} je reservering niet leveren.`,
  );
}
