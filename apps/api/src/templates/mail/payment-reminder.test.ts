import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { paymentReminderMail } from './payment-reminder.ts';

describe('paymentReminderMail', () => {
  it('reminds of the payment with the new link', () => {
    const mail = paymentReminderMail(sampleReservation(), 'https://app.example/betalen/nieuw');
    expect(mail.subject).toBe('Herinnering: je reservering wacht op betaling (AM-2026-0042)');
    expect(mail.text).toContain(
      '\n\nJe reservering wacht nog op je betaling. Betaal via deze link:\n\nhttps://app.example/betalen/nieuw\n\n',
    );
  });
});
