import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { withdrawalConfirmedMail, workshopWithdrawalMail } from './withdrawal.ts';

const at = new Date('2026-11-20T13:05:00Z');
const to = { adminName: 'Marieke', link: 'https://beheer.ateliermarkt.nl/reservations/6a1f0c7e' };

describe('the mails of a withdrawal (herroeping)', () => {
  it('confirms to the customer with the text of the withdrawal and what happens next', () => {
    const mail = withdrawalConfirmedMail(sampleReservation(), { kind: 'cancel', at, reason: 'Te laat', refund: true });
    expect(mail.subject).toBe('Bevestiging van je herroeping (AM-2026-0042)');
    expect(mail.text).toContain('Je betaling wordt teruggestort');
    expect(mail.text).toContain('Hierbij herroep ik de overeenkomst over reservering AM-2026-0042 bij De Draaischijf');
    expect(mail.text).toContain('Herroepen op: 20-11-2026 14:05 uur');
    expect(mail.text).toContain('Reden (niet verplicht): Te laat');
    const unpaid = withdrawalConfirmedMail(sampleReservation(), { kind: 'cancel', at, reason: null, refund: false });
    expect(unpaid.text).toContain('Je hoeft niets te betalen.');
    expect(unpaid.text).not.toContain('Reden');
    const back = withdrawalConfirmedMail(sampleReservation(), { kind: 'return', at, reason: null, refund: false });
    expect(back.text).toContain('Stuur de producten binnen 14 dagen terug');
  });

  it('tells the workshop, with the link to the reservation', () => {
    const mail = workshopWithdrawalMail(sampleReservation(), to, { kind: 'return', at, reason: null, refund: false });
    expect(mail.subject).toBe('Reservering AM-2026-0042 is herroepen');
    expect(mail.text).toContain('Beste Marieke,');
    expect(mail.text).toContain('Markeer de retour als ontvangen');
    expect(mail.text).toContain(`Bekijk de reservering:\n${to.link}`);
  });
});
