import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's const enum value 2, which verbatimModuleSyntax cannot import): 19 MiB, two passes. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The least cost argon2id accepts: a hash or a verify takes microseconds instead of about 27 ms. */
const ARGON2_CHEAP = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 } as const;

/**
 * The cost of new hashes, for the whole process. A verify takes the cost written in the hash, so this decides what
 * every later log-in of that password costs.
 */
let cost: typeof ARGON2 | typeof ARGON2_CHEAP = ARGON2;

/**
 * For the API test runner's own processes only (its global set-up, which seeds the snapshot, and each test file's
 * set-up): hashes at the least cost, so the thousands of log-ins of a test run do not each spend 27 ms of CPU on a
 * hash's cost no test is about. The server and the scripts never call it; a server process a test starts hashes at
 * the full cost.
 */
export function hashCheaplyInTests(): void {
  cost = ARGON2_CHEAP;
  dummyHash = null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, cost);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so both answers take about as long. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(16).toString('hex'), cost);
  return dummyHash;
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
