import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { workshopReservationReminderMail } from './workshop-reservation-reminder.ts';

const link = 'https://beheer.ateliermarkt.nl/reservations/6a1f0c7e-0000-4000-8000-000000000001';

describe('the reminder to the workshop about an unanswered reservation', () => {
  it('says since when the customer waits, what happens without an answer, and links to it', () => {
    const mail = workshopReservationReminderMail(
      sampleReservation({ products: sampleReservation().products.filter((p) => p.isAvailable) }),
      { adminName: 'Marieke', link },
    );
    expect(mail.subject).toBe('Herinnering: reservering AM-2026-0042 wacht op je antwoord');
    expect(mail.text).toBe(
      [
        'Beste Marieke,',
        '',
        'Anna de Vries wacht sinds 3-3-2026 14:05 uur op je antwoord op reservering AM-2026-0042 bij De Draaischijf. Blijft een antwoord uit, dan wordt de reservering automatisch afgewezen en krijgt de klant daarover bericht.',
        '',
        '- 2 x Vaas Zeegroen (€45,00)',
        '- 1 x Pakket (€6,95)',
        'Totaal: €96,95',
        '',
        'Keur de reservering goed of wijs hem af:',
        link,
        '',
        "Wil je deze e-mails niet meer ontvangen? Zet 'Meldingen per e-mail' uit in je profiel.",
        '',
        'Groeten,',
        'Ateliermarkt',
      ].join('\n'),
    );
  });
});
