import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculatePrice } from '../money.ts';
import { type QuoteLineInput, quoteLine, reservationQuote, sameQuote } from './reservation-quote.ts';
import { reservationTotals } from './reservations.schema.ts';

/** Rates as numeric(5,2) keeps them: 0–100 with two decimals. */
const rate = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);
const line: fc.Arbitrary<QuoteLineInput> = fc.record({
  productId: fc.uuid(),
  name: fc.string({ minLength: 1, maxLength: 20 }),
  quantity: fc.integer({ min: 1, max: 99 }),
  priceCents: fc.integer({ min: 0, max: 10_000_000 }),
  taxPercent: rate,
  feePercent: rate,
  isAvailable: fc.boolean(),
});
const delivery = fc.record({
  name: fc.constantFrom('Ophalen in het atelier', 'Brievenbuspakje', 'Pakket', 'Groot pakket'),
  priceCents: fc.integer({ min: 0, max: 100_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});

describe('a reservation quote, property-tested', () => {
  it('its total is the available lines plus the delivery line, as the API and the payment page count it', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), delivery, (lines, d) => {
        const quote = reservationQuote(lines, d);
        const available = lines.filter((l) => l.isAvailable);
        const expected = available.reduce((sum, l) => sum + l.priceCents * l.quantity, 0) + d.priceCents * d.quantity;
        expect(quote.totalCents).toBe(expected);
        expect(quote.lines).toHaveLength(available.length);
        // The same reservation as the API sends it (euros on the wire): reservationTotals counts the same total.
        const totals = reservationTotals({
          products: lines.map((l) => ({
            id: l.productId,
            productNumber: '',
            productImage: null,
            name: l.name,
            description: '',
            quantity: l.quantity,
            price: l.priceCents / 100,
            isAvailable: l.isAvailable,
            isReserved: false,
          })),
          deliveryMethod: { id: 3, name: d.name, price: d.priceCents / 100, quantity: d.quantity },
        });
        expect(Math.round(totals.total * 100)).toBe(quote.totalCents);
      }),
    );
  });

  it('every line splits into net + fee + VAT = gross to the cent, with the line’s own rates', () => {
    fc.assert(
      fc.property(line, (input) => {
        const q = quoteLine(input);
        expect(q.grossCents).toBe(input.priceCents * input.quantity);
        expect(q.netCents + q.feeCents + q.taxCents).toBe(q.grossCents);
        for (const part of [q.netCents, q.feeCents, q.taxCents]) {
          expect(Number.isInteger(part)).toBe(true);
          expect(part).toBeGreaterThanOrEqual(0);
        }
        // The price calculation with the line's rates, not the constants.
        const parts = calculatePrice(q.grossCents / 100, input.taxPercent, input.feePercent);
        expect([q.taxCents, q.feeCents]).toEqual([Math.round(parts.tax * 100), Math.round(parts.fee * 100)]);
      }),
    );
  });

  it('a line with other rates splits otherwise: 9 % VAT and 10 % fee on €109,00', () => {
    const q = quoteLine({
      productId: 'p',
      name: 'Boek',
      quantity: 1,
      priceCents: 10_900,
      taxPercent: 9,
      feePercent: 10,
      isAvailable: true,
    });
    expect(q).toMatchObject({ grossCents: 10_900, taxCents: 900, feeCents: 1000, netCents: 9000 });
  });

  it('removing an available line or changing the delivery changes the quote; nothing else does', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), delivery, fc.nat(), (lines, d, pick) => {
        const before = reservationQuote(lines, d);
        expect(sameQuote(before, reservationQuote([...lines], { ...d }))).toBe(true);
        const i = pick % lines.length;
        const removed = lines.map((l, j) => (j === i ? { ...l, isAvailable: false } : l));
        expect(sameQuote(before, reservationQuote(removed, d))).toBe(!lines[i]?.isAvailable);
        expect(sameQuote(before, reservationQuote(lines, { ...d, quantity: d.quantity + 1 }))).toBe(false);
      }),
    );
  });
});
