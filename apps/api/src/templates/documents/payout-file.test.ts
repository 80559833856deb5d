import { describe, expect, it } from 'vitest';
import { monthInWords, payoutRemittance } from './payout-file.ts';

describe('payout file words', () => {
  it('names the month in Dutch', () => {
    expect(monthInWords('2026-11')).toBe('november 2026');
    expect(monthInWords('2027-01')).toBe('januari 2027');
  });

  it('says on the bank statement what the transfer is, with the creditor number when there is one', () => {
    expect(payoutRemittance('2026-11', 'C-0042')).toBe(
      'Uitbetaling Ateliermarkt november 2026, crediteurnummer C-0042',
    );
    expect(payoutRemittance('2026-03', null)).toBe('Uitbetaling Ateliermarkt maart 2026');
  });
});
