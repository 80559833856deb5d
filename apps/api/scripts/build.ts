/**
 * Compiles the server for production: one ES module `dist/server.js` that plain `node` runs, without tsx
 * (docs/decisions/0020). The app's own code and the workspace's TypeScript packages (the contract) are bundled;
 * every other package stays an import from node_modules, so native and file-reading dependencies (argon2, sharp,
 * PGlite's wasm, pdfkit's fonts, swagger-ui's assets) find their files as they do in development. The migrations are
 * copied beside the bundle, where `db/client.ts` looks for them.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const apiRoot = path.resolve(import.meta.dirname, '..');
export const DEFAULT_OUTDIR = path.join(apiRoot, 'dist');
export const SERVER_ENTRY = 'server.js';

/** Bare imports stay external, except this monorepo's own packages (TypeScript source, exported as `.ts`). */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ateliermarkt/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Builds into `outdir`, which must lie inside the repository (node resolves the external packages from the bundle's
 * place up to the repository's node_modules), and the server finds the web app at `../../web/dist` from there: in
 * apps/api that is apps/web's build; the browser tests compile it beside a copy of that build (e2e/support/test-app.ts).
 */
export async function buildServer(outdir = DEFAULT_OUTDIR): Promise<string> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(apiRoot, 'src', 'server.ts')],
    outfile: path.join(outdir, SERVER_ENTRY),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  cpSync(path.join(apiRoot, 'src', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
  return path.join(outdir, SERVER_ENTRY);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now();
  const entry = await buildServer();
  console.log(`server compiled to ${path.relative(process.cwd(), entry)} in ${Date.now() - started} ms`);
}
