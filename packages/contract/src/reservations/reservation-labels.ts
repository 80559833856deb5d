/**
 * Which printed document a reservation has ('Download verzendlabel' / 'Download ophaalbon'):
 * once paid, a shipping label when it ships, a pick-up slip when it is fetched; none before. The server builds the
 * labels PDF by it and the reservations list lets only those rows be chosen for 'Labels downloaden'.
 */
export type ReservationDocumentKind = 'shippingLabel' | 'pickupSlip';

export function reservationDocumentKind(r: {
  isPaid: boolean;
  willShip: boolean;
  willBeFetched: boolean;
}): ReservationDocumentKind | null {
  if (!r.isPaid) return null;
  if (r.willShip) return 'shippingLabel';
  if (r.willBeFetched) return 'pickupSlip';
  return null;
}
