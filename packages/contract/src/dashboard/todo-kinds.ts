// The dashboard's 'Te doen' kinds, their texts and thresholds, in a module without zod: the reservations list and
// the navigation read them on every signed-in screen, where a module of schemas would build all of its schemas
// (docs/decisions/0098).

/** Each 'Te doen' kind is also a filter of GET reservations/all (`todo=`), so a card links to exactly the rows it counts. */
export const TODO_KINDS = [
  'toApprove',
  'paused',
  'expiresSoon',
  'awaitingPaymentLong',
  'toShip',
  'toHandOver',
  'returning',
  'withdrawals',
] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

/** A reservation approved this many days ago and still not paid is 'awaiting payment long'. */
export const AWAITING_PAYMENT_LONG_DAYS = 3;

/**
 * 'Verloopt binnen 24 uur': a new or unpaid reservation whose expire deadline (the super admin's
 * settings, paused during the workshop's holiday) falls within this many hours; then the scheduler rejects it.
 */
export const EXPIRES_SOON_HOURS = 24;

/** The 'Te doen' kinds that change with the clock, not only with the data (no list ETag for them). */
export const TIME_BOUND_TODO_KINDS: readonly TodoKind[] = ['awaitingPaymentLong', 'expiresSoon'];

/** The card's title and a line under its count; the same title heads the filtered reservations list. */
export const TODO_TEXTS: Record<TodoKind, { title: string; description: string }> = {
  toApprove: { title: 'Goed te keuren', description: 'Nieuwe reserveringen die op je goedkeuring wachten' },
  paused: { title: 'Gepauzeerd', description: 'Wachten tot een andere reservering betaald of afgewezen is' },
  expiresSoon: {
    title: `Verloopt binnen ${EXPIRES_SOON_HOURS} uur`,
    description: 'Nieuw of onbetaald: zonder actie wordt de reservering automatisch afgewezen',
  },
  awaitingPaymentLong: {
    title: `Langer dan ${AWAITING_PAYMENT_LONG_DAYS} dagen onbetaald`,
    description: 'Goedgekeurd, maar de klant heeft nog niet betaald',
  },
  toShip: { title: 'Te verzenden', description: 'Betaald en klaar om te versturen' },
  toHandOver: { title: 'Af te geven in het atelier', description: 'Betaald; de klant komt het ophalen' },
  returning: { title: 'Retour te ontvangen', description: 'Retouren die onderweg zijn naar je atelier' },
  withdrawals: {
    title: 'Herroepingen',
    description: 'Door de klant herroepen: een retour onderweg of een betaling om terug te storten',
  },
};
