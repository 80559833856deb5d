/** `YYYY-MM` of the month before now's in the Netherlands, and the months before that (newest first). */
export function monthsOver(count: number, now: Date = new Date()): string[] {
  const [y = 2026, m = 1] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' })
    .format(now)
    .split('-')
    .map(Number);
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 2 - i, 1)).toISOString().slice(0, 7));
}

const monthLabel = new Intl.DateTimeFormat('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `oktober 2026` for `2026-10`. */
export const invoiceMonthLabel = (month: string) => monthLabel.format(new Date(`${month}-01T12:00:00Z`));
