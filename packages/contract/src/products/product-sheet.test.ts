import { describe, expect, it } from 'vitest';
import { formatDutchNumber, parseDutchNumber, parseSheetYesNo, splitSheetList } from './product-sheet.ts';

describe('the product sheet’s cells', () => {
  it('reads numbers as Dutch Excel writes them', () => {
    expect(parseDutchNumber('1.234,56')).toBe(1234.56);
    expect(parseDutchNumber('34,50')).toBe(34.5);
    expect(parseDutchNumber('€ 12,50')).toBe(12.5);
    expect(parseDutchNumber('1.250')).toBe(1250);
    expect(parseDutchNumber('12.5')).toBe(12.5);
    expect(parseDutchNumber('tien')).toBeNull();
    expect(parseDutchNumber('')).toBeNull();
  });
  it('writes numbers with a decimal comma', () => {
    expect(formatDutchNumber(1234.5, 2)).toBe('1234,50');
    expect(formatDutchNumber(10.5)).toBe('10,5');
    expect(formatDutchNumber(30)).toBe('30');
  });
  it('reads Ja/Nee and lists', () => {
    expect(parseSheetYesNo(' ja ')).toBe(true);
    expect(parseSheetYesNo('NEE')).toBe(false);
    expect(parseSheetYesNo('misschien')).toBeNull();
    expect(splitSheetList(' Wonen ; Cadeaus;; ')).toEqual(['Wonen', 'Cadeaus']);
  });
});
