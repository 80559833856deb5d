/**
 * The month of the demo's most recent payment (apps/api/src/seed/demo-reservations.ts: paid three days, and up to
 * four hours, before the demo was seeded), in the Netherlands' time: it has statements whatever today's date.
 */
export function demoPaidMonth(now = Date.now()): string {
  const at = new Date(now - 3 * 86_400_000 - 5 * 3_600_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(at).slice(0, 7);
}
