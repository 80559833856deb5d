import { describe, expect, it } from 'vitest';
import { dayInAmsterdam, formatDay, nextDay } from '../dates.ts';
import { MESSAGES } from '../messages.ts';
import { announcedHoliday, holidayInputSchema, holidayPhase } from './holiday.ts';
import { updateWorkshopSchema } from './workshops.schema.ts';

describe('holiday days', () => {
  it('are Amsterdam days, also around midnight UTC and the change to winter time', () => {
    expect(dayInAmsterdam(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    expect(dayInAmsterdam(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(dayInAmsterdam(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(dayInAmsterdam(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(formatDay('2026-03-09')).toBe('09-03-2026');
  });

  it('include both ends of the period', () => {
    const h = { from: '2026-12-21', to: '2027-01-03', message: 'Fijne feestdagen' };
    expect(holidayPhase(h, '2026-12-20')).toBe('upcoming');
    expect(holidayPhase(h, '2026-12-21')).toBe('current');
    expect(holidayPhase(h, '2027-01-03')).toBe('current');
    expect(holidayPhase(h, '2027-01-04')).toBe('over');
    expect(announcedHoliday(h, '2026-12-01')).toBe(h);
    expect(announcedHoliday(h, '2027-01-04')).toBeNull();
    expect(announcedHoliday(null, '2027-01-04')).toBeNull();
  });
});

describe('holiday and IBAN input', () => {
  const issues = (value: unknown) =>
    holidayInputSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('asks for both days and a message, in Dutch, and the last day not before the first', () => {
    expect(issues({ from: '', to: '', message: '' })).toEqual([
      `from: ${MESSAGES.holidayFromRequired}`,
      `to: ${MESSAGES.holidayToRequired}`,
      `message: ${MESSAGES.holidayMessageRequired}`,
    ]);
    expect(issues({ from: '2026-13-01', to: '2026-12-01', message: 'x' })).toEqual([`from: ${MESSAGES.dateInvalid}`]);
    expect(issues({ from: '2026-12-02', to: '2026-12-01', message: 'x' })).toEqual([
      `to: ${MESSAGES.holidayToBeforeFrom}`,
    ]);
    expect(issues({ from: '2026-12-01', to: '2026-12-01', message: ' Een dag dicht ' })).toEqual([]);
    expect(holidayInputSchema.parse({ from: '2026-12-01', to: '2026-12-01', message: ' Dicht ' }).message).toBe(
      'Dicht',
    );
  });

  it('takes an IBAN with spaces in any case, stores it compact, and asks for its holder', () => {
    const base = { email: 'a@b.nl', label: 0, mainImage: null, teamImage: null };
    const parsed = updateWorkshopSchema.parse({ ...base, iban: 'nl91 abna 0417 1643 00', ibanHolder: ' Klei bv ' });
    expect(parsed).toMatchObject({ iban: 'NL91ABNA0417164300', ibanHolder: 'Klei bv' });
    expect(updateWorkshopSchema.parse({ ...base, iban: '', ibanHolder: '' })).toMatchObject({
      iban: null,
      ibanHolder: null,
    });
    const wrong = updateWorkshopSchema.safeParse({ ...base, iban: 'NL91ABNA0417164301', ibanHolder: 'Klei bv' });
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['iban', MESSAGES.ibanInvalid]]);
    const noHolder = updateWorkshopSchema.safeParse({ ...base, iban: 'NL91ABNA0417164300', ibanHolder: '' });
    expect(noHolder.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ibanHolder', MESSAGES.ibanHolderRequired],
    ]);
  });
});
