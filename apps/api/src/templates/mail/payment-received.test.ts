import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { paymentReceivedMail } from './payment-received.ts';

describe('paymentReceivedMail', () => {
  it('thanks for the payment', () => {
    const mail = paymentReceivedMail(sampleReservation());
    expect(mail.subject).toBe('Je betaling is ontvangen (AM-2026-0042)');
    expect(mail.text).toContain('\n\nWe hebben je betaling ontvangen. Dank je wel!\n\n');
  });
});
