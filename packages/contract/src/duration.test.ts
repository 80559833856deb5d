import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration.ts';

describe('parseDuration', () => {
  it('reads a whole number with ms, s, m, h or d', () => {
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('90s')).toBe(90_000);
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('24h')).toBe(86_400_000);
    expect(parseDuration('3d')).toBe(259_200_000);
    expect(parseDuration(' 60s ')).toBe(60_000);
  });

  it('refuses everything else', () => {
    for (const text of ['', '60', '1.5h', '0s', '-5m', '5 m', '5min', '3w', 'h', '5M']) {
      expect(parseDuration(text), text).toBeNull();
    }
  });
});
