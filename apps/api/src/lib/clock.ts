/**
 * The app's one reading of the time for the date-bound rules (a month's statement and payout, the dashboard's month
 * figures, a transition's own timestamps, the return term): `ctx.now()`. The server uses the system clock; tests
 * set it (createTestApp's `now` option, `t.clock`) instead of depending on today's date. Time inside SQL (`now()`,
 * column defaults) and timers are not on it: docs/testing.md lists what is and is not.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock a test moves: the system's time until `set`, then that moment (frozen) until `set(null)`. */
export function settableClock(start: Date | null = null) {
  let fixed: number | null = start ? start.getTime() : null;
  const now: Clock = () => (fixed === null ? new Date() : new Date(fixed));
  return {
    now,
    /** Freezes the clock at `at`; `null` lets it follow the system clock again. */
    set(at: Date | null) {
      fixed = at ? at.getTime() : null;
    },
    /** Moves the clock `ms` on (frozen from then on). */
    advance(ms: number) {
      fixed = now().getTime() + ms;
    },
  };
}
export type SettableClock = ReturnType<typeof settableClock>;
