import { describe, expect, it } from 'vitest';
import { workshopReservationPaidMail } from './workshop-reservation-paid.ts';

const data = {
  adminName: 'Mieke',
  workshopName: 'De Draaischijf',
  orderNumber: 'AM-2026-000123',
  customerName: 'Anna de Klant',
  lines: [{ quantity: 2, name: 'Theekom', price: 1234.5 }],
  total: 2476.95,
  link: 'https://beheer.ateliermarkt.nl/reservations/0d2c6f3e-1111-4222-8333-944445555666',
};

describe('the mail to the workshop about a paid reservation', () => {
  it('a paid reservation: what to do next depends on shipping or pick-up', () => {
    const shipped = workshopReservationPaidMail({ ...data, pickup: false });
    expect(shipped.subject).toBe('Reservering AM-2026-000123 is betaald');
    expect(shipped.text).toContain(
      'Anna de Klant heeft reservering AM-2026-000123 bij De Draaischijf betaald. Je kunt de bestelling nu verzenden.',
    );
    expect(shipped.text).toContain(`Bekijk de reservering:\n${data.link}\n`);
    expect(shipped.text).toContain('Totaal: €2.476,95');
    expect(shipped.text).toContain("Zet 'Meldingen per e-mail' uit in je profiel.");
    const pickup = workshopReservationPaidMail({ ...data, pickup: true });
    expect(pickup.text).toContain('betaald. De klant komt de bestelling ophalen in het atelier.');
  });
});
