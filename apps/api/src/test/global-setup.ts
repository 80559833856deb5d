import { hashCheaplyInTests } from '../lib/crypto.ts';
import { compileServer, SERVER_BUILD_ENV } from './compiled-server.ts';
import { makeTestSnapshot, SNAPSHOT_ENV } from './snapshot.ts';

/**
 * The api project's global set-up: migrates and seeds once per run, so each test file copies a ready database
 * (snapshot.ts) instead of building the demo marketplace again; and compiles the server once, so the server
 * processes tests start (server-process.ts) run plain JavaScript instead of translating the TypeScript source with
 * tsx at every start. The workers read both from the environment.
 */
export default async function setup() {
  const started = performance.now();
  // The demo accounts' hashes at the least cost, as each test file's own (setup.ts): their log-ins cost no 27 ms each.
  hashCheaplyInTests();
  // esbuild compiles in a process of its own while this one seeds.
  const [{ snapshot, remove }, build] = await Promise.all([makeTestSnapshot(), compileServer()]);
  process.env[SNAPSHOT_ENV] = JSON.stringify(snapshot);
  process.env[SERVER_BUILD_ENV] = build.entry;
  if (process.env.TEST_SNAPSHOT_VERBOSE === '1') {
    console.log(
      `test snapshot (${snapshot.kind}) and server build ready in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return async () => {
    delete process.env[SNAPSHOT_ENV];
    delete process.env[SERVER_BUILD_ENV];
    build.dispose();
    await remove();
  };
}
