/**
 * Durations in settings and environment variables: a whole number and one unit,
 * `90s`, `15m`, `24h`, `3d` (and `500ms`, for tests). Anything else is refused, so a typo does not silently become a
 * default. In milliseconds.
 */
const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

export function parseDuration(text: string): number | null {
  const match = /^([1-9]\d{0,8})(ms|s|m|h|d)$/.exec(text.trim());
  if (!match?.[1] || !match[2]) return null;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}
