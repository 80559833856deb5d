import { describe, expect, it } from 'vitest';
import { type WorkshopReservationMailData, workshopReservationPlacedMail } from './workshop-reservation-placed.ts';

const data: WorkshopReservationMailData = {
  adminName: 'Mieke',
  workshopName: 'De Draaischijf',
  orderNumber: 'AM-2026-000123',
  customerName: 'Anna de Klant',
  lines: [
    { quantity: 2, name: 'Theekom', price: 1234.5 },
    { quantity: 1, name: 'Pakket', price: 7.95 },
  ],
  total: 2476.95,
  link: 'https://beheer.ateliermarkt.nl/reservations/0d2c6f3e-1111-4222-8333-944445555666',
};

describe('the mail to the workshop about a new reservation', () => {
  it('a new reservation: its number in the subject, the order in euros and the link to the back-office', () => {
    const mail = workshopReservationPlacedMail(data);
    expect(mail.subject).toBe('Nieuwe reservering AM-2026-000123');
    expect(mail.text).toBe(
      [
        'Beste Mieke,',
        '',
        'Anna de Klant heeft bij De Draaischijf een nieuwe reservering geplaatst: AM-2026-000123.',
        '',
        '- 2 x Theekom (€1.234,50)',
        '- 1 x Pakket (€7,95)',
        'Totaal: €2.476,95',
        '',
        'Bekijk de reservering en keur hem goed of wijs hem af:',
        'https://beheer.ateliermarkt.nl/reservations/0d2c6f3e-1111-4222-8333-944445555666',
        '',
        "Wil je deze e-mails niet meer ontvangen? Zet 'Meldingen per e-mail' uit in je profiel.",
        '',
        'Groeten,',
        'Ateliermarkt',
      ].join('\n'),
    );
  });
});
