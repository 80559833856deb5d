/**
 * A page's first Intl formatter or collator loads ICU's locale, time-zone and collation data: 30–70 ms of CPU each in
 * Chromium, several times that on a phone. Left to the screens, that cost lands inside their longest tasks (the first
 * date formatted while a list renders, the list table's collator while its chunk evaluates). A page opened with a
 * session asks for them here instead, each in a task of its own right after the start; later formatters of the same
 * kind reuse the loaded data (docs/decisions/0089).
 */
import { LOCALE, TIME_ZONE } from '@ateliermarkt/contract';

const STEPS: (() => unknown)[] = [
  () => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, hour: '2-digit', hourCycle: 'h23' }).formatToParts(0),
  () => new Intl.Collator('nl', { numeric: true }).compare('a', 'b'),
  () => new Intl.NumberFormat(LOCALE).format(1234),
];

export function warmIntl(step = 0) {
  const run = STEPS[step];
  if (!run) return;
  run();
  setTimeout(() => warmIntl(step + 1));
}
