import { describe, expect, it } from 'vitest';
import { reservationDocumentKind } from './reservation-labels.ts';

describe('reservationDocumentKind', () => {
  it('is a label when a paid reservation ships, a slip when it is fetched, nothing before payment', () => {
    expect(reservationDocumentKind({ isPaid: true, willShip: true, willBeFetched: false })).toBe('shippingLabel');
    expect(reservationDocumentKind({ isPaid: true, willShip: false, willBeFetched: true })).toBe('pickupSlip');
    expect(reservationDocumentKind({ isPaid: false, willShip: true, willBeFetched: false })).toBeNull();
    expect(reservationDocumentKind({ isPaid: false, willShip: false, willBeFetched: true })).toBeNull();
  });
});
