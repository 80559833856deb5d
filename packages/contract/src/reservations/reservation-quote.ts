import { calculatePrice, toCents } from '../money.ts';

/**
 * What a customer pays for a reservation, from the lines as the database keeps them: each line's unit
 * price in cents, its quantity and the tax and fee percent of the moment it was ordered. The total is the
 * available lines plus the delivery line; each line's gross splits into VAT, platform fee and net to the cent by the
 * spec's price calculation (money.ts) with the line's own rates, never today's settings.
 */
export type QuoteLineInput = {
  productId: string;
  name: string;
  quantity: number;
  priceCents: number;
  taxPercent: number;
  feePercent: number;
  isAvailable: boolean;
};
export type QuoteLine = QuoteLineInput & { grossCents: number; taxCents: number; feeCents: number; netCents: number };
export type QuoteDelivery = { name: string; priceCents: number; quantity: number };
export type ReservationQuote = {
  /** The available lines only: a removed product is not paid for. */
  lines: QuoteLine[];
  delivery: QuoteDelivery & { totalCents: number };
  productsCents: number;
  totalCents: number;
};

export function quoteLine(line: QuoteLineInput): QuoteLine {
  const grossCents = line.priceCents * line.quantity;
  const parts = calculatePrice(grossCents / 100, line.taxPercent, line.feePercent);
  return {
    ...line,
    grossCents,
    taxCents: toCents(parts.tax),
    feeCents: toCents(parts.fee),
    netCents: toCents(parts.net),
  };
}

export function reservationQuote(lines: readonly QuoteLineInput[], delivery: QuoteDelivery): ReservationQuote {
  const quoted = lines.filter((l) => l.isAvailable).map(quoteLine);
  const productsCents = quoted.reduce((sum, l) => sum + l.grossCents, 0);
  const deliveryCents = delivery.priceCents * delivery.quantity;
  return {
    lines: quoted,
    delivery: { ...delivery, totalCents: deliveryCents },
    productsCents,
    totalCents: productsCents + deliveryCents,
  };
}

/** Whether two quotes ask the customer for the same thing: the same lines, delivery and total. */
export function sameQuote(a: ReservationQuote, b: ReservationQuote): boolean {
  const key = (q: ReservationQuote) =>
    JSON.stringify([q.lines.map((l) => [l.productId, l.quantity, l.priceCents]), q.delivery, q.totalCents]);
  return key(a) === key(b);
}
