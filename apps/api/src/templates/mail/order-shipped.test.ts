import { describe, expect, it } from 'vitest';
import { sampleReservation } from '../template-fixtures.ts';
import { orderShippedMail } from './order-shipped.ts';

describe('orderShippedMail', () => {
  it('says the order is on its way, with the track & trace code when there is one', () => {
    const withCode = orderShippedMail(sampleReservation({ trackAndTrace: '3SABCD1234567' }));
    expect(withCode.subject).toBe('Je bestelling is verzonden (AM-2026-0042)');
    expect(withCode.text).toContain(
      '\n\nJe bestelling is onderweg.\n\nVolg je pakket met deze track & trace: 3SABCD1234567\n\nJe reservering',
    );
  });

  it('leaves the track & trace sentence out without a code', () => {
    const mail = orderShippedMail(sampleReservation({ trackAndTrace: null }));
    expect(mail.text).toContain('\n\nJe bestelling is onderweg.\n\nJe reservering');
    expect(mail.text).not.toContain('track & trace');
  });
});
