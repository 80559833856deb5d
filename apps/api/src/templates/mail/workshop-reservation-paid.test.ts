import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { workshopReservationPaidMail } from './workshop-reservation-paid.ts';

const to = { adminName: 'Marieke', link: 'https://beheer.ateliermarkt.nl/reservations/6a1f0c7e' };

describe('the mail to the workshop about a paid reservation', () => {
  it('says it is paid and what to do next: send it, or wait for the customer to fetch it', () => {
    const shipped = workshopReservationPaidMail(sampleReservation(), to);
    expect(shipped.subject).toBe('Reservering AM-2026-0042 is betaald');
    expect(shipped.text).toContain(
      'Beste Marieke,\n\nAnna de Vries heeft reservering AM-2026-0042 bij De Draaischijf betaald. Je kunt de bestelling nu verzenden.',
    );
    // Only what is still in the reservation counts.
    expect(shipped.text).toContain('- 2 x Vaas Zeegroen (€45,00)\n- 1 x Pakket (€6,95)\nTotaal: €96,95');
    expect(shipped.text).not.toContain('Schaal Oker');
    expect(shipped.text).toContain(`Bekijk de reservering:\n${to.link}\n`);
    expect(shipped.text).toContain("Zet 'Meldingen per e-mail' uit in je profiel.");
    const pickup = workshopReservationPaidMail(sampleReservation({ willBeFetched: true, willShip: false }), to);
    expect(pickup.text).toContain('betaald. De klant komt de bestelling ophalen in het atelier.');
  });
});
