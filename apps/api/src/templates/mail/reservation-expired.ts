import type { Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { reservationMail } from './reservation-frame.ts';

/** Why a reservation ran out: the workshop did not answer in time, or the customer did not pay in time. */
export type ExpiryReason = 'unanswered' | 'unpaid';

/** To the customer when the scheduler rejects a reservation whose deadline passed. */
export function reservationExpiredMail(r: Reservation, reason: ExpiryReason): MailContent {
  return reason === 'unanswered'
    ? reservationMail(
        r,
        'Je reservering is vervallen',
        `${r.workspaceName} heeft je reservering niet op tijd kunnen bevestigen. Daarom is hij vervallen; je hoeft niets te betalen. De producten zijn weer te koop in de webshop.`,
      )
    : reservationMail(
        r,
        'Je reservering is vervallen',
        `We hebben je betaling niet op tijd ontvangen. Daarom is je reservering vervallen en werkt de betaallink niet meer. De producten zijn weer te koop in de webshop.`,
      );
}
