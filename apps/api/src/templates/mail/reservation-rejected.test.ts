import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { reservationRejectedMail } from './reservation-rejected.ts';

describe('reservationRejectedMail', () => {
  it('says the workshop cannot deliver', () => {
    const mail = reservationRejectedMail(sampleReservation());
    expect(mail.subject).toBe('Je reservering is afgewezen (AM-2026-0042)');
    expect(mail.text).toContain('\n\nHelaas kan De Draaischijf je reservering niet leveren.\n\n');
  });
});
