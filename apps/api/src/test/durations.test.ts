import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recorded, recordKey } from './durations.ts';

const API_ROOT = path.resolve(import.meta.dirname, '../..');

describe('the record of the API test files’ durations (the order they start in)', () => {
  it('keys a file by its path inside apps/api, from this checkout or another', () => {
    expect(recordKey(path.join(API_ROOT, 'src/db/upgrade-walk.test.ts'))).toBe('src/db/upgrade-walk.test.ts');
    expect(recordKey('/work/main/apps/api/src/security/fuzz.test.ts')).toBe('src/security/fuzz.test.ts');
    expect(() => recordKey('/work/main/e2e/login.test.ts')).toThrow('not a file of apps/api');
  });

  it('names this checkout’s test files, so the longest really start first', () => {
    const keys = Object.keys(recorded());
    expect(keys.filter((k) => !/^src\/.+\.test\.ts$/.test(k))).toEqual([]);
    const onDisk = new Set(
      readdirSync(path.join(API_ROOT, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `src/${f.split(path.sep).join('/')}`),
    );
    // Files come and go between records (a new one starts first until the next record): most must match.
    const known = keys.filter((k) => onDisk.has(k));
    expect(known.length).toBeGreaterThan(0.8 * onDisk.size);
    expect(known.length).toBeGreaterThan(0.8 * keys.length);
  });
});
