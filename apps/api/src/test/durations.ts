import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The record of the API test files' durations (`durations.json` beside this file), read by slowest-first.ts. */
export const RECORD = path.join(import.meta.dirname, 'durations.json');
const API_ROOT = path.resolve(import.meta.dirname, '../..');

/** Seconds per test file, by its path inside apps/api (`src/…`). */
export type Durations = Record<string, number>;

export function recorded(): Durations {
  return JSON.parse(readFileSync(RECORD, 'utf8')) as Durations;
}

/**
 * A test file's key in the record: its path inside apps/api (`src/…`), whichever checkout the file or the report is
 * in. A path relative to this checkout named another checkout's files (`../../../../main/apps/api/src/…`) when the
 * report came from there; then no key matched and every file counted as new, so the order was vitest's own.
 */
export function recordKey(file: string): string {
  const inApi = path.relative(API_ROOT, file);
  if (!inApi.startsWith('..') && !path.isAbsolute(inApi)) return inApi.split(path.sep).join('/');
  const marker = `${path.sep}apps${path.sep}api${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) throw new Error(`not a file of apps/api: ${file}`);
  return file
    .slice(at + marker.length)
    .split(path.sep)
    .join('/');
}
