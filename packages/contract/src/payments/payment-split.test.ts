import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCents } from '../money.ts';
import {
  type LedgerReservation,
  refundSplit,
  reservationSplit,
  workshopLedger,
  workshopShareCents,
} from './payment-split.ts';

const line = fc.record({
  id: fc.uuid(),
  priceCents: fc.integer({ min: 1, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 5 }),
  taxPercent: fc.constantFrom(0, 9, 21),
  feePercent: fc.constantFrom(0, 10, 25, 33),
  feeVatPercent: fc.constantFrom(0, 9, 21),
});
const reservation = fc
  .record({
    lines: fc.uniqueArray(line, { minLength: 1, maxLength: 6, selector: (l) => l.id }),
    delivery: fc.record({
      priceCents: fc.constantFrom(0, 450, 795, 1295, 1995),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
    route: fc.constantFrom<LedgerReservation['route']>('none', 'waiting', 'routed'),
    wholeRefund: fc.boolean(),
    refundMask: fc.array(fc.boolean(), { maxLength: 6 }),
  })
  .map(({ wholeRefund, refundMask, ...r }): LedgerReservation => {
    const some = r.lines.filter((_, i) => refundMask[i]).map((l) => l.id);
    // Each line refunded at most once; a whole refund is the only refund of its reservation.
    return { ...r, refunds: wholeRefund ? ['all'] : some.length > 0 ? [some] : [] };
  });

describe('who gets what of a paid reservation', () => {
  it("routes the statement's net: the workshop gets exactly what its statement says, line by line", () => {
    const r = {
      lines: [
        { id: 'a', priceCents: 4_500, quantity: 2, taxPercent: 21, feePercent: 25, feeVatPercent: 21 },
        { id: 'b', priceCents: 1_999, quantity: 1, taxPercent: 21, feePercent: 25, feeVatPercent: 21 },
      ],
      delivery: { priceCents: 795, quantity: 1 },
    };
    const statementNet =
      calculateCents(9_000, 21, 25, 21).netCents +
      calculateCents(1_999, 21, 25, 21).netCents +
      calculateCents(795, 21, 0).netCents;
    expect(workshopShareCents(r)).toBe(statementNet);
    expect(reservationSplit(r).grossCents).toBe(9_000 + 1_999 + 795);
    expect(refundSplit(r, ['b'])).toEqual({
      amountCents: 1_999,
      workshopCents: calculateCents(1_999, 21, 25, 21).netCents,
    });
    expect(refundSplit(r, 'all').amountCents).toBe(11_794);
  });

  it('property: per workshop, routed + waiting + fee + refunded = paid, to the cent', () => {
    fc.assert(
      fc.property(fc.array(reservation, { maxLength: 12 }), (reservations) => {
        const l = workshopLedger(reservations);
        expect(l.routedCents + l.waitingCents + l.feeCents + l.refundedCents).toBe(l.paidCents);
        // Nothing is negative: a refund never takes back more than was paid or routed.
        for (const part of [l.routedCents, l.waitingCents, l.feeCents, l.refundedCents])
          expect(part).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});
