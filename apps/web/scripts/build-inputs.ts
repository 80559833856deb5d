import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What the web build is made from: `npm start` and `npm run test:e2e` rebuilt and recompressed every asset at each start (16 s
 * on a quiet machine, over a minute under load). The build is skipped when the hash of its inputs is the one written
 * beside its output by the last build. Files are hashed by content, so a checkout that only touches times rebuilds
 * nothing and any real change rebuilds.
 */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/postcss.config.cjs',
  'apps/web/package.json',
  'apps/web/scripts/precompress.ts',
  'apps/web/scripts/prerender.ts',
  'apps/web/scripts/stylesheets-first.ts',
  'apps/web/scripts/preload-in-turns.ts',
  'apps/web/scripts/mantine-defaults-on-demand.ts',
  // The log-in screen's size budget fails the build: a changed budget is checked again (npm run test:e2e).
  'apps/web/scripts/initial-size.ts',
  'packages/contract/src',
  'package-lock.json',
];
export const STAMP = 'apps/web/dist/.build-inputs';

function files(root: string, rel: string): string[] {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full)
    .sort()
    .flatMap((name) =>
      name.endsWith('.test.ts') || name.endsWith('.test.tsx') ? [] : files(root, path.join(rel, name)),
    );
}

/** One hash over the path and content of every input file (tests are not part of the build). */
export function buildInputsHash(root: string): string {
  const hash = createHash('sha256');
  for (const rel of INPUTS.flatMap((input) => files(root, input))) {
    hash.update(rel.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The build is needed when there is no built app, or its inputs changed since it was built. */
export function webBuildNeeded(root: string): boolean {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) return true;
  const stamp = path.join(root, STAMP);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== buildInputsHash(root);
}
