import { describe, expect, it } from 'vitest';
import { historyDescription, historyStatus, RESERVATION_HISTORY_EVENTS } from './reservation-history.schema.ts';
import { PAUSED_STATUS_NAME, RESERVATION_STATUSES, statusName } from './reservation-machine.ts';

describe("the reservation history's Dutch lines", () => {
  it('names every event, with the detail where it has one', () => {
    expect(RESERVATION_HISTORY_EVENTS.map((e) => historyDescription(e))).toEqual([
      'Reservering geplaatst in de webshop',
      'Goedgekeurd',
      'Reservering afgewezen',
      'Betaling ontvangen',
      'Pakket verzonden',
      'Opgehaald in het atelier',
      'Retour aangemeld',
      'Retourpakket ontvangen',
      'Betaalherinnering verstuurd',
      'Betaling mislukt',
      'Betaling verlopen',
      'Betaling geannuleerd',
      'Betaallink aangemaakt',
      'Aandeel van het atelier doorgestort',
      'Doorstorting wacht op de koppeling met Mollie',
      'Terugbetaald aan de klant',
      'Terugbetaling mislukt, wordt opnieuw geprobeerd',
      'Track & trace gewijzigd',
      'Verzending gewijzigd',
      'Product uit de reservering gehaald',
      'E-mail aan de klant',
      'E-mail aan het atelier',
      'Interne notitie',
    ]);
    expect(historyDescription('note', 'Klant belde, haalt vrijdag op')).toBe(
      'Interne notitie: Klant belde, haalt vrijdag op',
    );
    expect(historyDescription('mailWorkshop', 'Nieuwe reservering AM-100001')).toBe(
      'E-mail aan het atelier: Nieuwe reservering AM-100001',
    );
    expect(historyDescription('trackAndTrace', '3STEST000111')).toBe('Track & trace gewijzigd: 3STEST000111');
  });

  it('never is just a status name', () => {
    const names = new Set([...RESERVATION_STATUSES.map((s) => statusName(s)), PAUSED_STATUS_NAME]);
    expect(RESERVATION_HISTORY_EVENTS.filter((e) => names.has(historyDescription(e)))).toEqual([]);
  });

  it('gives a status its code and name; no status for anything else', () => {
    expect(historyStatus(2)).toEqual({ code: 2, name: 'Wachten op betaling' });
    expect(historyStatus(5)).toEqual({ code: 5, name: 'Afgerond' });
    expect(historyStatus(null)).toBeNull();
    expect(historyStatus(9)).toBeNull();
    expect(historyStatus('2')).toBeNull();
  });
});
