import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../scripts/build.ts';

/**
 * Preloaded into the compiled server in tests: a module resolve hook that refuses any TypeScript file and the tsx
 * loader, so the process fails to start if production still needs TypeScript at run time.
 */
const refuseTypeScript = `export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (/\\.[cm]?tsx?$/.test(new URL(resolved.url).pathname) || /\\/node_modules\\/tsx\\//.test(resolved.url))
    throw new Error('TypeScript loaded at run time: ' + resolved.url);
  return resolved;
}`;
const preload = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(refuseTypeScript)}`)});`;
export const NO_TYPESCRIPT_ARGS = ['--import', `data:text/javascript,${encodeURIComponent(preload)}`];

/**
 * Compiles the server (as `npm run build` does) into a fresh folder `apps/.tmp/build-…`, removed again by dispose: two
 * levels below apps/ as `apps/api/dist` is, so it finds the web app's build where the compiled server does
 * (`../../web/dist`), and the repository's node_modules above it.
 */
export async function compileServer() {
  const outdir = path.resolve(import.meta.dirname, '../../../.tmp', `build-${randomBytes(4).toString('hex')}`);
  const entry = await buildServer(outdir);
  return { entry, outdir, dispose: () => rmSync(outdir, { recursive: true, force: true }) };
}

/**
 * The environment variable global-setup.ts names the run's compiled server in (its entry file): the server processes
 * the tests start run it (server-process.ts).
 */
export const SERVER_BUILD_ENV = 'ATELIERMARKT_TEST_SERVER_BUILD';

/** The run's compiled server (global-setup.ts), or null outside a run of the api project. */
export function runServerBuild(): string | null {
  return process.env[SERVER_BUILD_ENV] || null;
}
