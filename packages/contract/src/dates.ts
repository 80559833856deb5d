import { LOCALE, TIME_ZONE } from './constants.ts';

const parts = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function pieces(date: Date) {
  const out: Record<string, string> = {};
  for (const p of parts.formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** `21-11-2026` in Dutch time (DECISIONS.md: dateFormatted). */
export function formatDate(date: Date | string): string {
  const p = pieces(new Date(date));
  return `${p.day}-${p.month}-${p.year}`;
}

/** `21-11-2026 14:05 uur` in Dutch time (spec 3: creationTime). */
export function formatDateTime(date: Date | string): string {
  const p = pieces(new Date(date));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute} uur`;
}
