import { describe, expect, it } from 'vitest';
import { calculatePrice } from '../money.ts';
import {
  canAddDeliveryMethod,
  cleanCategoryTitle,
  formatDimensions,
  formatWeight,
  isDeliveryCombinationAllowed,
  mayChangeProduct,
  normalizeCategoryTitle,
  parseDimensions,
} from './product-rules.ts';

describe('who may change a product', () => {
  const mine = { creatorId: 'u-1' };
  const colleagues = { creatorId: 'u-2' };
  const nobodys = { creatorId: null };
  it('lets a workshop admin change every product of the workshop', () => {
    for (const p of [mine, colleagues, nobodys])
      expect(mayChangeProduct({ kind: 'workshopAdmin', userId: 'a' }, p)).toBe(true);
  });
  it('lets a plain user change only what it made', () => {
    const user = { kind: 'user', userId: 'u-1' } as const;
    expect(mayChangeProduct(user, mine)).toBe(true);
    expect(mayChangeProduct(user, colleagues)).toBe(false);
    expect(mayChangeProduct(user, nobodys)).toBe(false);
  });
  it('lets the super admin change none (it has no workshop)', () => {
    expect(mayChangeProduct({ kind: 'superAdmin', userId: 'u-1' }, mine)).toBe(false);
  });
});

describe('delivery-method combination', () => {
  it('allows one method, or pickup with exactly one other', () => {
    for (const id of [1, 2, 3, 4, 5]) expect(isDeliveryCombinationAllowed([id])).toBe(true);
    expect(isDeliveryCombinationAllowed([1, 3])).toBe(true);
    expect(isDeliveryCombinationAllowed([5, 1])).toBe(true);
  });
  it('refuses none, two shipping methods, pickup plus two others and duplicates', () => {
    expect(isDeliveryCombinationAllowed([])).toBe(false);
    expect(isDeliveryCombinationAllowed([2, 3])).toBe(false);
    expect(isDeliveryCombinationAllowed([1, 2, 3])).toBe(false);
    expect(isDeliveryCombinationAllowed([1, 1])).toBe(false);
  });
  it('tells the wizard which further method may be ticked', () => {
    expect(canAddDeliveryMethod([], 3)).toBe(true);
    expect(canAddDeliveryMethod([3], 1)).toBe(true);
    expect(canAddDeliveryMethod([3], 4)).toBe(false);
    expect(canAddDeliveryMethod([1, 3], 4)).toBe(false);
    expect(canAddDeliveryMethod([1, 3], 3)).toBe(true);
  });
});

describe('format and weight', () => {
  it('formats l x w x h only when all three are filled', () => {
    expect(formatDimensions(30, 20, 10)).toBe('30 x 20 x 10');
    expect(formatDimensions(12.5, 0, 4)).toBe('12,5 x 0 x 4');
    expect(formatDimensions(30, null, 10)).toBeNull();
    expect(formatDimensions(undefined, 1, 1)).toBeNull();
    expect(parseDimensions(formatDimensions(12.5, 0, 4) ?? '')).toEqual([12.5, 0, 4]);
    expect(parseDimensions('30×20 X 10.5')).toEqual([30, 20, 10.5]);
    expect(parseDimensions('30 x 20')).toBeNull();
    expect(parseDimensions('30 x -1 x 2')).toBeNull();
  });
  it('shows grams or kilograms', () => {
    expect(formatWeight(850)).toBe('850 gram');
    expect(formatWeight(1250)).toBe('1,25 kg');
    expect(formatWeight(null)).toBeNull();
  });
  it('normalises category titles for reuse', () => {
    expect(normalizeCategoryTitle('  Kerst   Cadeaus ')).toBe('kerst cadeaus');
    expect(cleanCategoryTitle(' Kerst\t\u00a0Cadeaus ')).toBe('Kerst Cadeaus');
    expect(cleanCategoryTitle('Kerst\uFEFFcadeaus')).toBe('Kerst\uFEFFcadeaus');
  });
});

describe('price breakdown at cents (21 % tax, 25 % fee)', () => {
  it.each([
    [10, { price: 10, tax: 1.74, fee: 2.07, net: 6.19 }],
    [12.35, { price: 12.35, tax: 2.14, fee: 2.55, net: 7.66 }],
    [999.99, { price: 999.99, tax: 173.55, fee: 206.61, net: 619.83 }],
  ])('%s', (price, expected) => {
    const b = calculatePrice(price, 21, 25);
    expect(b).toEqual(expected);
    expect(Math.round((b.tax + b.fee + b.net) * 100)).toBe(Math.round(price * 100));
  });
});
