import { describe, expect, it } from 'vitest';
import { emailNeedsReconfirmation, workshopNeedsReconfirmation } from './reconfirm.ts';

describe('what needs re-confirmation', () => {
  it('a changed address, not another spelling of the same', () => {
    expect(emailNeedsReconfirmation('a@b.nl', ' A@B.nl ')).toBe(false);
    expect(emailNeedsReconfirmation('a@b.nl', 'c@b.nl')).toBe(true);
  });

  it("a workshop's address, IBAN or holder; left-out fields are unchanged", () => {
    const before = { email: 'info@x.nl', iban: 'NL91ABNA0417164300', ibanHolder: 'X' };
    expect(workshopNeedsReconfirmation(before, { ...before, iban: 'nl91 abna 0417 1643 00' })).toBe(false);
    expect(workshopNeedsReconfirmation(before, { email: 'info@x.nl' })).toBe(false);
    expect(workshopNeedsReconfirmation(before, { ...before, iban: 'BE68539007547034' })).toBe(true);
    expect(workshopNeedsReconfirmation(before, { ...before, ibanHolder: 'Y' })).toBe(true);
    expect(workshopNeedsReconfirmation(before, { ...before, email: 'ander@x.nl' })).toBe(true);
    expect(workshopNeedsReconfirmation(before, { ...before, iban: null })).toBe(true);
  });
});
