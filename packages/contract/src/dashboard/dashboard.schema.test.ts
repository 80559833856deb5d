import { describe, expect, it } from 'vitest';
import { moneyFiguresOf } from './dashboard.schema.ts';

describe('moneyFiguresOf', () => {
  it("is a statement's totals in euros, the fee with its BTW", () => {
    expect(
      moneyFiguresOf({ grossCents: 28_704, taxCents: 4_982, feeCents: 5_930, feeVatCents: 1_245, netCents: 16_547 }),
    ).toEqual({ revenue: 287.04, vat: 49.82, platformFee: 71.75, net: 165.47 });
  });

  it('is zero for an empty month', () => {
    expect(moneyFiguresOf({ grossCents: 0, taxCents: 0, feeCents: 0, feeVatCents: 0, netCents: 0 })).toEqual({
      revenue: 0,
      vat: 0,
      platformFee: 0,
      net: 0,
    });
  });
});
