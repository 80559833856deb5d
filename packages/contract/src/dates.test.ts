import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

describe('Dutch dates', () => {
  it('formats in Amsterdam time, winter and summer', () => {
    expect(formatDate('2026-11-21T13:05:00Z')).toBe('21-11-2026');
    expect(formatDateTime('2026-11-21T13:05:00Z')).toBe('21-11-2026 14:05 uur');
    expect(formatDateTime('2026-07-01T22:30:00Z')).toBe('02-07-2026 00:30 uur');
    expect(formatDate('2026-07-01T22:30:00Z')).toBe('02-07-2026');
  });
});
