import { hashCheaplyInTests } from '../lib/crypto.ts';
import { makeTestSnapshot, SNAPSHOT_ENV } from './snapshot.ts';

/**
 * The api project's global set-up: migrates and seeds once per run, so each test file copies a ready database
 * (snapshot.ts) instead of building the demo marketplace again. The workers read the snapshot from the environment.
 */
export default async function setup() {
  const started = performance.now();
  // The demo accounts' hashes at the least cost, as each test file's own (setup.ts): their log-ins cost no 27 ms each.
  hashCheaplyInTests();
  const { snapshot, remove } = await makeTestSnapshot();
  process.env[SNAPSHOT_ENV] = JSON.stringify(snapshot);
  if (process.env.TEST_SNAPSHOT_VERBOSE === '1') {
    console.log(`test snapshot (${snapshot.kind}) ready in ${Math.round(performance.now() - started)} ms`);
  }
  return async () => {
    delete process.env[SNAPSHOT_ENV];
    await remove();
  };
}
