import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { returnReceivedMail } from './return-received.ts';

describe('returnReceivedMail', () => {
  it('says the workshop has the return', () => {
    const mail = returnReceivedMail(sampleReservation());
    expect(mail.subject).toBe('Je retour is ontvangen (AM-2026-0042)');
    expect(mail.text).toContain('\n\nDe Draaischijf heeft je retour ontvangen.\n\n');
  });
});
