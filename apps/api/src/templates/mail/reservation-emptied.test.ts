import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { reservationEmptiedMail } from './reservation-emptied.ts';

describe('reservationEmptiedMail', () => {
  it('says no product can be delivered, the reservation is rejected and nothing is to be paid', () => {
    const mail = reservationEmptiedMail(sampleReservation());
    expect(mail.subject).toBe('Je reservering is afgewezen (AM-2026-0042)');
    expect(mail.text).toContain(
      '\n\nHelaas kan De Draaischijf geen van de producten uit je reservering leveren. Je reservering is daarom afgewezen; de betaallink werkt niet meer en je hoeft niets te betalen.\n\n',
    );
  });
});
