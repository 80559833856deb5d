import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Where the test servers serve axe-core: beside the web app's own files, so a page loads it by URL from its own origin
 * instead of receiving 550 KB of script through the DevTools protocol in every new document. Not under `assets/`,
 * where a test may hold back or refuse the app's own scripts (signed-in-first-paint.test.ts).
 */
export const AXE_SCRIPT_PATH = '/e2e-axe-core.min.js';

const require = createRequire(import.meta.url);
export const axePath = require.resolve('axe-core/axe.min.js');

/**
 * The web app the browser tests' servers serve: a copy of the build (`apps/web/dist`, left as the build made it) with
 * axe-core beside it, compressed as the build compresses its own files (the server sends the .br or .gz the browser
 * accepts, and compresses nothing on the fly). The compiled server finds it at `../../web/dist` from its own folder,
 * so `serverOutDir` answers where to compile the server for it.
 */
export function prepareTestWebApp(root: string) {
  const base = path.join(root, 'test-results/e2e-app');
  rmSync(base, { recursive: true, force: true });
  const webDist = path.join(base, 'web/dist');
  cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });
  const axe = readFileSync(axePath);
  const file = path.join(webDist, AXE_SCRIPT_PATH);
  writeFileSync(file, axe);
  writeFileSync(`${file}.gz`, gzipSync(axe, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(axe, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
  return { serverOutDir: path.join(base, 'api/dist'), remove: () => rmSync(base, { recursive: true, force: true }) };
}

/**
 * V8's settings for the browser tests' servers: PGlite's 9 MB of WebAssembly compiled by the baseline compiler only
 * (as the API tests' servers are), not compiled again by the optimising one on background threads.
 */
export const E2E_SERVER_V8_ARGS = ['--liftoff-only'];
