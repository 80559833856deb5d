import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateCents, calculatePrice, formatEuro, parseDecimal } from './money.ts';

describe('formatEuro', () => {
  it.each([
    [0, '€0,00'],
    [1, '€1,00'],
    [4.5, '€4,50'],
    [1234.56, '€1.234,56'],
    [1234567.8, '€1.234.567,80'],
    [999.999, '€1.000,00'],
    [-1, '-€1,00'],
    [-1234.5, '-€1.234,50'],
    [0.1 + 0.2, '€0,30'],
  ])('formats %s as %s', (amount, text) => {
    expect(formatEuro(amount)).toBe(text);
  });
});

describe('parseDecimal', () => {
  it.each([
    ['12,50', 12.5],
    ['12.50', 12.5],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['€ 15', 15],
    [' 10 ', 10],
    ['-3,5', -3.5],
    [7, 7],
  ])('reads %s as %s', (input, value) => {
    expect(parseDecimal(input)).toBe(value);
  });

  it.each([[''], ['abc'], ['12,5,0'], ['1e5'], [null], [undefined], [Number.NaN]])('refuses %s', (input) => {
    expect(parseDecimal(input as string)).toBeNull();
  });
});

describe('calculatePrice', () => {
  it('splits €121 into €21 tax, €25 fee and €75 net', () => {
    expect(calculatePrice(121)).toEqual({ price: 121, tax: 21, fee: 25, net: 75 });
  });

  it('rounds each part to cents and the parts add up to the price', () => {
    for (let cents = 1000; cents < 20000; cents += 7) {
      const { price, tax, fee, net } = calculatePrice(cents / 100);
      expect(Math.round((tax + fee + net) * 100)).toBe(Math.round(price * 100));
      for (const part of [tax, fee, net]) expect(Math.round(part * 100)).toBeCloseTo(part * 100, 6);
    }
  });

  it('€10 gives €1,74 tax, €2,07 fee and €6,19 net', () => {
    // 10 - 10/1.21 = 1.7355 -> 1.74; (10 - 1.74) * 0.25 = 2.065 -> 2.07 (half-up); net 6.19
    expect(calculatePrice(10)).toEqual({ price: 10, tax: 1.74, fee: 2.07, net: 6.19 });
  });

  it('uses the percentages it is given', () => {
    expect(calculatePrice(100, 0, 10)).toEqual({ price: 100, tax: 0, fee: 10, net: 90 });
  });
});

/** n / d rounded half up, for whole numbers: the reference the rounding in doubles is held to. */
const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

describe('calculateCents (one statement line, its own rates)', () => {
  it('rounds tax and fee half-up to cents, net is the rest', () => {
    // 5 cents, no tax, 50 % fee: 2.5 cents of fee rounds up to 3.
    expect(calculateCents(5, 0, 50)).toEqual({ grossCents: 5, taxCents: 0, feeCents: 3, feeVatCents: 0, netCents: 2 });
    // €10 at 9 % VAT and 10 % fee: tax 82.57 → 83, fee 91.7 → 92.
    expect(calculateCents(1000, 9, 10)).toEqual({
      grossCents: 1000,
      taxCents: 83,
      feeCents: 92,
      feeVatCents: 0,
      netCents: 825,
    });
  });

  it('puts the BTW of the fee on the fee, rounded half-up once, and takes it from the net', () => {
    // €45 at 21 %: tax 7,81, fee 9,30 (25 % of 37,19), its BTW 1,95 (21 % of 9,30 = 1,953), net 25,94.
    expect(calculateCents(4500, 21, 25, 21)).toEqual({
      grossCents: 4500,
      taxCents: 781,
      feeCents: 930,
      feeVatCents: 195,
      netCents: 2594,
    });
    // A KOR workshop's line: no tax on the sale, the fee on the whole price, still BTW on the fee.
    expect(calculateCents(4500, 0, 25, 21)).toEqual({
      grossCents: 4500,
      taxCents: 0,
      feeCents: 1125,
      feeVatCents: 236,
      netCents: 3139,
    });
    // Half a cent of BTW rounds up: a fee of 50 cents at 21 % is 10,5 → 11.
    expect(calculateCents(200, 0, 25, 21).feeVatCents).toBe(11);
    // Also where the doubles compute the half a hair under it: 5,515,500 × 16.9 % is 932,119.5 (found by a property
    // run: 932,119.4999999999 was rounded down).
    expect(calculateCents(9999983, 81.18, 99.93, 16.9)).toMatchObject({ feeCents: 5515500, feeVatCents: 932120 });
  });

  it('property: every part is whole cents and they add up to the gross', () => {
    const pct = fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), pct, pct, pct, (gross, tax, fee, feeVat) => {
        const c = calculateCents(gross, tax, fee, feeVat);
        for (const part of Object.values(c)) expect(Number.isInteger(part)).toBe(true);
        expect(c.taxCents + c.feeCents + c.feeVatCents + c.netCents).toBe(gross);
        // The fee's BTW is the fee times its rate, rounded half up (in whole numbers: a rate has two decimals).
        expect(c.feeVatCents).toBe(Number(halfUp(BigInt(c.feeCents) * BigInt(Math.round(feeVat * 100)), 10_000n)));
      }),
      { numRuns: 2000 },
    );
  });

  it('property: each part is the exact quotient rounded half up (whole-number arithmetic as the reference)', () => {
    // Percentages with two decimals, as the database keeps them: T, F and V hundredths of a percent.
    const hundredths = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), hundredths, hundredths, hundredths, (gross, t, f, v) => {
        const c = calculateCents(gross, t / 100, f / 100, v / 100);
        const tax = halfUp(BigInt(gross) * BigInt(t), 10_000n + BigInt(t));
        const fee = halfUp((BigInt(gross) - tax) * BigInt(f), 10_000n);
        expect([c.taxCents, c.feeCents, c.feeVatCents]).toEqual(
          [tax, fee, halfUp(fee * BigInt(v), 10_000n)].map(Number),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('is calculatePrice in cents', () => {
    expect(calculateCents(12100, 21, 25)).toEqual({
      grossCents: 12100,
      taxCents: 2100,
      feeCents: 2500,
      feeVatCents: 0,
      netCents: 7500,
    });
  });
});
