import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { refundIssuedMail } from './refund-issued.ts';

describe('refundIssuedMail', () => {
  it('says how much comes back, why, and how', () => {
    const mail = refundIssuedMail(sampleReservation(), { amountCents: 12_345, reason: 'Beschadigd', byHand: false });
    expect(mail.subject).toBe('Je krijgt geld terug (AM-2026-0042)');
    expect(mail.text).toContain('We betalen je €123,45 terug. Reden: Beschadigd');
    expect(mail.text).toContain('via de betaalmethode waarmee je hebt betaald');
    const byHand = refundIssuedMail(sampleReservation(), { amountCents: 500, reason: 'Retour', byHand: true });
    expect(byHand.text).toContain('We maken het bedrag zo snel mogelijk naar je over.');
  });
});
