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

/** Compiles the server (as `npm run build` does) into a fresh folder inside apps/api; removed again by dispose. */
export async function compileServer() {
  const outdir = path.resolve(import.meta.dirname, '../../.tmp', `build-${randomBytes(4).toString('hex')}`);
  const entry = await buildServer(outdir);
  return { entry, outdir, dispose: () => rmSync(outdir, { recursive: true, force: true }) };
}
