import type { Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { reservationMail } from './reservation-frame.ts';

/** To the customer when the workshop reminds them of an approved, unpaid reservation: with a new payment link. */
export function paymentReminderMail(r: Reservation, paymentLink: string): MailContent {
  return reservationMail(
    r,
    'Herinnering: je reservering wacht op betaling',
    `Je reservering wacht nog op je betaling. Betaal via deze link:\n\n${paymentLink}`,
  );
}
