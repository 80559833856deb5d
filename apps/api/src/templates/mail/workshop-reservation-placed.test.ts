import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { workshopReservationPlacedMail } from './workshop-reservation-placed.ts';

const link = 'https://beheer.ateliermarkt.nl/reservations/6a1f0c7e-0000-4000-8000-000000000001';

describe('the mail to the workshop about a new reservation', () => {
  it('its number in the subject, the order in euros and the link to it in the back-office', () => {
    const mail = workshopReservationPlacedMail(
      sampleReservation({ products: sampleReservation().products.filter((p) => p.isAvailable) }),
      {
        adminName: 'Marieke',
        link,
      },
    );
    expect(mail.subject).toBe('Nieuwe reservering AM-2026-0042');
    expect(mail.text).toBe(
      [
        'Beste Marieke,',
        '',
        'Anna de Vries heeft bij De Draaischijf een nieuwe reservering geplaatst: AM-2026-0042.',
        '',
        '- 2 x Vaas Zeegroen (€45,00)',
        '- 1 x Pakket (€6,95)',
        'Totaal: €96,95',
        '',
        'Bekijk de reservering en keur hem goed of wijs hem af:',
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
