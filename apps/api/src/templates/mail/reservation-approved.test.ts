import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { reservationApprovedMail } from './reservation-approved.ts';

describe('reservationApprovedMail', () => {
  it('says the reservation is approved and gives the payment link', () => {
    const mail = reservationApprovedMail(sampleReservation(), 'https://app.example/betalen/abc');
    expect(mail.subject).toBe('Je reservering is goedgekeurd (AM-2026-0042)');
    expect(mail.text).toContain(
      'Goed nieuws: De Draaischijf heeft je reservering goedgekeurd. Betaal via deze link om hem definitief te maken:\n\nhttps://app.example/betalen/abc\n\nJe reservering AM-2026-0042',
    );
    expect(mail.html).toBeUndefined();
  });
});
