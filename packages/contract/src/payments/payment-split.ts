import { type CentsBreakdown, calculateCents } from '../money.ts';
import { addTotals, NO_TOTALS } from '../statements/statements.schema.ts';

/**
 * Who gets what of a paid reservation with Mollie Connect (docs/payments.md): the workshop gets the net of
 * its statement (each line's price − VAT − platform fee, the delivery's price − VAT), routed to its Mollie
 * organisation; the platform keeps the rest (the fee and the VAT on it all, as with the SEPA payout). A refund gives
 * the customer the price of the refunded lines (all of it, delivery included, when the whole reservation is refunded)
 * and pulls the workshop's net of those lines back from what was routed. Pure, in integer cents, line by line exactly
 * as the statement computes, so routes, refunds and statements agree to the cent (payment-split.test.ts).
 */

export type SplitLine = {
  id: string;
  priceCents: number;
  quantity: number;
  taxPercent: number;
  feePercent: number;
  /** The BTW % on the fee; 0 on lines placed before the fee carried BTW. */
  feeVatPercent: number;
};
export type SplitDelivery = { priceCents: number; quantity: number };
export type SplitReservation = { lines: readonly SplitLine[]; delivery: SplitDelivery };

const lineCents = (l: SplitLine): CentsBreakdown =>
  calculateCents(l.priceCents * l.quantity, l.taxPercent, l.feePercent, l.feeVatPercent);

/** The delivery as the statement's own line: same VAT as the first line, no fee (statements.service.ts). */
function deliveryCents(r: SplitReservation): CentsBreakdown {
  const first = r.lines[0];
  return calculateCents(r.delivery.priceCents * r.delivery.quantity, first?.taxPercent ?? 0, 0);
}

/** Field by field, as a statement adds its lines. */
const sum = (parts: readonly CentsBreakdown[]): CentsBreakdown => parts.reduce(addTotals, NO_TOTALS);

/** The whole reservation as its statement adds it up: gross = what the customer paid, net = the workshop's share. */
export function reservationSplit(r: SplitReservation): CentsBreakdown {
  return sum([...r.lines.map(lineCents), deliveryCents(r)]);
}

/** The workshop's share: what is routed to it when the reservation is shipped or handed over. */
export const workshopShareCents = (r: SplitReservation) => reservationSplit(r).netCents;

/**
 * A refund of some lines (`lineIds`), or of the whole reservation (`'all'`, delivery included): what the customer gets
 * back, and the workshop's net of it (reversed from its routed share, or never routed).
 */
export function refundSplit(
  r: SplitReservation,
  lineIds: readonly string[] | 'all',
): { amountCents: number; workshopCents: number } {
  const parts =
    lineIds === 'all'
      ? [...r.lines.map(lineCents), deliveryCents(r)]
      : r.lines.filter((l) => lineIds.includes(l.id)).map(lineCents);
  const total = sum(parts);
  return { amountCents: total.grossCents, workshopCents: total.netCents };
}

/** One workshop's money through Mollie: paid = routed + waiting + fee + refunded, to the cent. */
export type WorkshopLedger = {
  paidCents: number;
  routedCents: number;
  waitingCents: number;
  feeCents: number;
  refundedCents: number;
};

export type LedgerReservation = SplitReservation & {
  /** `waiting`: shipped or handed over but the workshop is not connected yet; `none`: not shipped yet. */
  route: 'none' | 'waiting' | 'routed';
  refunds: readonly (readonly string[] | 'all')[];
};

/**
 * A workshop's ledger from its paid reservations, each part by its own rule: routed and waiting are the shares
 * (less what refunds took back), refunded is what the customers got back, the fee is the statement's VAT and fee of
 * what was kept. Not shipped yet counts as waiting: it is the workshop's, not yet routed.
 */
export function workshopLedger(reservations: readonly LedgerReservation[]): WorkshopLedger {
  const ledger: WorkshopLedger = { paidCents: 0, routedCents: 0, waitingCents: 0, feeCents: 0, refundedCents: 0 };
  for (const r of reservations) {
    const whole = reservationSplit(r);
    const refunds = r.refunds.map((lines) => refundSplit(r, lines));
    const refunded = refunds.reduce((s, x) => s + x.amountCents, 0);
    const reversed = refunds.reduce((s, x) => s + x.workshopCents, 0);
    const share = whole.netCents - reversed;
    ledger.paidCents += whole.grossCents;
    ledger.refundedCents += refunded;
    if (r.route === 'routed') ledger.routedCents += share;
    else ledger.waitingCents += share;
    ledger.feeCents += whole.taxCents + whole.feeCents + whole.feeVatCents - (refunded - reversed);
  }
  return ledger;
}
