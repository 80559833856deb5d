import { describe, expect, it } from 'vitest';
import { ADMINS_SHEET, NEWSLETTER_SHEET } from './exports.ts';

describe('the spreadsheet texts', () => {
  it('names the admins sheet and its columns in Dutch', () => {
    expect(ADMINS_SHEET.name).toBe('Beheerders');
    expect(Object.values(ADMINS_SHEET.headers)).toEqual(['Atelier', 'Naam', 'E-mailadres']);
    expect(ADMINS_SHEET.noWorkshop).toBe('Platformbeheer');
  });

  it('names the newsletter sheet and its columns in Dutch', () => {
    expect(NEWSLETTER_SHEET.name).toBe('Nieuwsbrief');
    expect(Object.values(NEWSLETTER_SHEET.headers)).toEqual(['E-mailadres', 'Naam', 'Aangemeld op']);
  });
});
