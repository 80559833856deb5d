import type { Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { reservationMail } from './reservation-frame.ts';

/**
 * To the customer when the workshop took the last product out of a reservation awaiting payment: with only shipping
 * left to pay it cannot stay open, so it is rejected and the payment link stops working.
 */
export function reservationEmptiedMail(r: Reservation): MailContent {
  return reservationMail(
    r,
    'Je reservering is afgewezen',
    `Helaas kan ${r.workspaceName} geen van de producten uit je reservering leveren. Je reservering is daarom afgewezen; de betaallink werkt niet meer en je hoeft niets te betalen.`,
  );
}
