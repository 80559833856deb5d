import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { reservationExpiredMail } from './reservation-expired.ts';

describe('the mail to the customer when a deadline rejected the reservation', () => {
  it('unanswered: the workshop did not confirm in time, nothing to pay', () => {
    const mail = reservationExpiredMail(sampleReservation(), 'unanswered');
    expect(mail.subject).toBe('Je reservering is vervallen (AM-2026-0042)');
    expect(mail.text).toContain(
      '\n\nDe Draaischijf heeft je reservering niet op tijd kunnen bevestigen. Daarom is hij vervallen; je hoeft niets te betalen. De producten zijn weer te koop in de webshop.\n\n',
    );
  });

  it('unpaid: the payment did not arrive in time and the link no longer works', () => {
    const mail = reservationExpiredMail(sampleReservation(), 'unpaid');
    expect(mail.subject).toBe('Je reservering is vervallen (AM-2026-0042)');
    expect(mail.text).toContain(
      '\n\nWe hebben je betaling niet op tijd ontvangen. Daarom is je reservering vervallen en werkt de betaallink niet meer. De producten zijn weer te koop in de webshop.\n\n',
    );
  });
});
