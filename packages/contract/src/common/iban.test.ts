import { describe, expect, it } from 'vitest';
import { formatIban, ibanChangedRecently, isValidIban, maskIban, normalizeIban } from './iban.ts';

describe('IBAN', () => {
  it('accepts real IBANs written any way', () => {
    for (const iban of ['NL91ABNA0417164300', 'nl91 abna 0417 1643 00', 'DE89370400440532013000', 'BE68539007547034'])
      expect(isValidIban(iban)).toBe(true);
  });
  it('refuses a changed digit, swapped digits, a wrong length or foreign characters', () => {
    for (const iban of ['NL91ABNA0417164301', 'NL19ABNA0417164300', 'NL91ABNA041716430', 'NL91-ABNA-0417', '', 'XX00'])
      expect(isValidIban(iban)).toBe(false);
  });
  it('normalizes, formats and masks', () => {
    expect(normalizeIban(' nl91 abna 0417164300 ')).toBe('NL91ABNA0417164300');
    expect(formatIban('NL91ABNA0417164300')).toBe('NL91 ABNA 0417 1643 00');
    const masked = maskIban('NL91ABNA0417164300');
    expect(masked.startsWith('NL')).toBe(true);
    expect(masked.replace(/\s/g, '').endsWith('4300')).toBe(true);
    expect(masked).not.toContain('ABNA');
  });
  it('calls a change of the last 14 days recent, and none or an older one not', () => {
    const now = new Date('2026-11-24T08:00:00Z');
    expect(ibanChangedRecently(null, now)).toBe(false);
    expect(ibanChangedRecently('2026-11-24T07:00:00.000Z', now)).toBe(true);
    expect(ibanChangedRecently('2026-11-10T08:00:01.000Z', now)).toBe(true);
    expect(ibanChangedRecently('2026-11-10T08:00:00.000Z', now)).toBe(false);
    expect(ibanChangedRecently('2026-10-01T08:00:00.000Z', now)).toBe(false);
  });
});
