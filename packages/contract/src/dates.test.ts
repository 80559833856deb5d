import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayInAmsterdam, formatDate, formatDateTime, nextDay } from './dates.ts';

/** The plain way: Intl's parts for every date. */
const reference = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function referenceDateTime(date: Date): string {
  const p: Record<string, string> = {};
  for (const part of reference.formatToParts(date)) p[part.type] = part.value;
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute} uur`;
}

describe('Dutch dates', () => {
  it('formats in Amsterdam time, winter and summer', () => {
    expect(formatDate('2026-11-21T13:05:00Z')).toBe('21-11-2026');
    expect(formatDateTime('2026-11-21T13:05:00Z')).toBe('21-11-2026 14:05 uur');
    expect(formatDateTime('2026-07-01T22:30:00Z')).toBe('02-07-2026 00:30 uur');
    expect(formatDate('2026-07-01T22:30:00Z')).toBe('02-07-2026');
  });

  it('crosses the changes to and from summer time at the right minute', () => {
    // 29 March 2026: 02:00 CET becomes 03:00 CEST (01:00 UTC); 25 October 2026: 03:00 CEST becomes 02:00 CET.
    expect(formatDateTime('2026-03-29T00:59:00Z')).toBe('29-03-2026 01:59 uur');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29-03-2026 03:00 uur');
    expect(formatDateTime('2026-10-25T00:59:00Z')).toBe('25-10-2026 02:59 uur');
    expect(formatDateTime('2026-10-25T01:00:00Z')).toBe('25-10-2026 02:00 uur');
  });

  it('agrees with Intl for any moment from 1980 to 2100', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1980-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          const expected = referenceDateTime(date);
          expect(formatDateTime(date)).toBe(expected);
          expect(formatDate(date.toISOString())).toBe(expected.slice(0, 10));
        },
      ),
      { numRuns: 20_000, seed: 20261122 },
    );
    // 20,000 runs take 3 s on the shared 2-core machine and twice that under libfaketime (every clock read goes
    // through it): more than the default 5 s, which is for a unit test, not for this property.
  }, 30_000);
});

describe("tomorrow in Dutch days (e2e/reservations-find's date filter)", () => {
  it('is the day after the Amsterdam day, also between 00:00 and 01:00 there, where UTC still has yesterday', () => {
    // 00:30 on 28 November in Amsterdam is 23:30 on the 27th in UTC.
    const justAfterMidnight = new Date('2026-11-27T23:30:00Z');
    expect(nextDay(dayInAmsterdam(justAfterMidnight))).toBe('2026-11-29');
    // What the test computed before: UTC's tomorrow, which is Amsterdam's today, so the filter still showed the row.
    expect(new Date(justAfterMidnight.getTime() + 86_400_000).toISOString().slice(0, 10)).toBe('2026-11-28');
    // Summer time: 01:30 on 1 July in Amsterdam is 23:30 on 30 June in UTC.
    expect(nextDay(dayInAmsterdam(new Date('2026-06-30T23:30:00Z')))).toBe('2026-07-02');
  });
});
