/**
 * The Dutch texts of the storefront API: idempotent ordering, stock, the customer's own reservation and
 * withdrawal (herroeping). Kept apart from messages.ts so this area has one home.
 */
export const SHOP_MESSAGES = {
  /** The pay button of the customer's page when the reservation no longer awaits payment. */
  nothingToPay: 'Deze reservering wacht niet (meer) op betaling.',
  idempotencyKeyInvalid: 'De Idempotency-Key moet 1 tot 255 zichtbare tekens zijn.',
  idempotencyKeyReused:
    'Deze Idempotency-Key is al gebruikt voor een andere bestelling. Gebruik een nieuwe sleutel voor een nieuwe bestelling.',
  idempotencyKeyInProgress: 'Deze bestelling wordt al verwerkt. Probeer het over een paar seconden nog eens.',
  outOfStock: (product: string, available: number) =>
    available <= 0
      ? `${product} is niet meer op voorraad.`
      : `Van ${product} ${available === 1 ? 'is nog 1 stuk' : `zijn nog ${available} stuks`} beschikbaar.`,
  approveOutOfStock: (product: string, available: number) =>
    `Goedkeuren kan niet: de voorraad van ${product} is niet meer genoeg (nog ${available} beschikbaar naast de andere goedgekeurde reserveringen). Pas de reservering aan of wijs hem af.`,
  withdrawnStatusName: 'Herroepen',
  withdrawNotAllowed: 'Deze reservering kan niet (meer) worden herroepen.',
  withdrawPeriodOver: (lastDay: string) =>
    `De herroepingstermijn van 14 dagen is voorbij (de laatste dag was ${lastDay}).`,
  withdrawMadeToMeasure:
    'Deze reservering bevat een product dat op maat is gemaakt. Voor maatwerk geldt geen herroepingsrecht (artikel 6:230p, onder c, BW). Neem contact op met het atelier als er iets niet goed is.',
  madeToMeasureLabel: 'Op maat gemaakt',
  madeToMeasureDescription: 'Voor de klant op maat gemaakt: de klant kan deze bestelling niet herroepen.',
  withdrawalsTab: 'Herroepen',
  withdrawalsTodo: (count: number) => (count === 1 ? '1 herroeping' : `${count} herroepingen`),
} as const;
