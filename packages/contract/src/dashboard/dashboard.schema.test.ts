import { describe, expect, it } from 'vitest';
import { calculatePrice } from '../money.ts';
import { addMoneyFigures, moneyFigures } from './dashboard.schema.ts';

describe('moneyFigures', () => {
  it('applies the price calculation (`calculatePrice`) to a revenue in cents', () => {
    expect(moneyFigures(12_100)).toEqual({ revenue: 121, vat: 21, platformFee: 25, net: 75 });
    const odd = calculatePrice(1234.57);
    expect(moneyFigures(123_457)).toEqual({ revenue: 1234.57, vat: odd.tax, platformFee: odd.fee, net: odd.net });
  });

  it('adds up to the revenue exactly, also where each part is rounded', () => {
    for (const cents of [1, 99, 1001, 4999, 123_457, 9_999_999]) {
      const m = moneyFigures(cents);
      expect(Math.round(m.vat * 100) + Math.round(m.platformFee * 100) + Math.round(m.net * 100)).toBe(cents);
    }
  });

  it('is zero for no revenue', () => {
    expect(moneyFigures(0)).toEqual({ revenue: 0, vat: 0, platformFee: 0, net: 0 });
  });
});

describe('addMoneyFigures', () => {
  it('sums the workshops in cents, without floating-point drift', () => {
    const parts = [moneyFigures(10), moneyFigures(20), moneyFigures(12_100)];
    const sum = addMoneyFigures(parts);
    expect(sum.revenue).toBe(121.3);
    expect(Math.round(sum.vat * 100) + Math.round(sum.platformFee * 100) + Math.round(sum.net * 100)).toBe(12_130);
    expect(addMoneyFigures([])).toEqual({ revenue: 0, vat: 0, platformFee: 0, net: 0 });
  });
});
