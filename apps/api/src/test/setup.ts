import { hashCheaplyInTests } from '../lib/crypto.ts';

/**
 * Runs before each API test file (vitest's setupFiles): password hashes at the least cost, as in the snapshot the
 * global set-up seeded (global-setup.ts). No test here is about the hash's cost; the server processes tests start
 * (server-process.ts) hash at the full cost.
 */
hashCheaplyInTests();
