import { LOCALE, TIME_ZONE } from './constants.ts';

/**
 * Built at the first date formatted, not when the module loads: a page's first Intl.DateTimeFormat loads ICU's locale
 * and time-zone data (30–70 ms of CPU in Chromium), which a screen that shows no date, the log-in screen, never needs
 * (docs/decisions/0089).
 */
let parts: Intl.DateTimeFormat | undefined;
const amsterdamParts = () =>
  (parts ??= new Intl.DateTimeFormat(LOCALE, {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }));

const HOUR = 3_600_000;

/**
 * Amsterdam's offset from UTC (ms) during one UTC hour. Offsets change only on whole UTC hours, so one Intl call per
 * hour of time serves every date in it; formatToParts for each date made formatting a visible part of the
 * reservations list (`npm run bench`). Intl stays the one source of the time zone's rules.
 */
const offsets = new Map<number, number>();
function offsetAt(hour: number): number {
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const p: Record<string, string> = {};
    for (const part of amsterdamParts().formatToParts(new Date(hour * HOUR))) p[part.type] = part.value;
    const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
    offset = local - hour * HOUR;
    if (offsets.size >= 50_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The wall-clock time in Amsterdam, as the UTC fields of a shifted Date: what a spreadsheet cell (which has no time
 * zone) or a bank file's local timestamp shows.
 */
export function amsterdamWallClock(date: Date | string): Date {
  return local(date);
}

function local(date: Date | string): Date {
  const ms = new Date(date).getTime();
  return new Date(ms + offsetAt(Math.floor(ms / HOUR)));
}

/** `21-11-2026` in Dutch time (dateFormatted). */
export function formatDate(date: Date | string): string {
  const d = local(date);
  return `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
}

/** `21-11-2026 14:05 uur` in Dutch time (creationTime). */
export function formatDateTime(date: Date | string): string {
  const d = local(date);
  return `${formatDate(date)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} uur`;
}

/** The day in Amsterdam as `YYYY-MM-DD` (holiday periods and date filters are whole Dutch days). */
export function dayInAmsterdam(date: Date | string = new Date()): string {
  const d = local(date);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}

/** `2026-12-21` as the app writes a date: `21-12-2026`. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}

/** The day after `day` (`YYYY-MM-DD`, calendar arithmetic, no time zone involved). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The earliest day the API takes in a filter or a holiday (year 0000 reached the database as a 500). */
export const EARLIEST_DAY = '1900-01-01';
