import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { orderSummary, reservationMail } from './reservation-frame.ts';

describe('the frame of the reservation mails', () => {
  it('greets, gives the news, lists the order and signs with the workshop', () => {
    expect(reservationMail(sampleReservation(), 'Onderwerp', 'Het nieuws.')).toEqual({
      subject: 'Onderwerp (AM-2026-0042)',
      text: [
        'Beste Anna de Vries,',
        '',
        'Het nieuws.',
        '',
        'Je reservering AM-2026-0042 bij De Draaischijf:',
        '- 2 x Vaas Zeegroen (€45,00)',
        '- 1 x Pakket (€6,95)',
        'Totaal: €96,95',
        '',
        'Groeten,',
        'De Draaischijf via Ateliermarkt',
      ].join('\n'),
    });
  });

  it('leaves out the products taken out of the reservation', () => {
    expect(orderSummary(sampleReservation())).not.toContain('Schaal Oker');
  });
});
