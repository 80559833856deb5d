import { describe, expect, it } from 'vitest';
import { reservationReceivedMail } from './reservation-received.ts';

describe('reservationReceivedMail', () => {
  it('thanks for the reservation and announces the payment link', () => {
    expect(
      reservationReceivedMail({ name: 'Anna de Vries', orderNumber: 'AM-2026-0042', workspaceName: 'De Draaischijf' }),
    ).toEqual({
      subject: 'We hebben je reservering ontvangen (AM-2026-0042)',
      text: 'Beste Anna de Vries,\n\nDank je wel voor je reservering AM-2026-0042 bij De Draaischijf. Het atelier bekijkt hem zo snel mogelijk; daarna ontvang je een betaallink.\n\nGroeten,\nDe Draaischijf',
    });
  });
});
