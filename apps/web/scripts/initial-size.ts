/**
 * What the log-in screen downloads before it can show: the entry script of dist/index.html, every module it
 * preloads and every stylesheet, measured as the server sends them to a browser that accepts brotli: the size of
 * the `.br` copy that scripts/precompress.ts wrote beside the file, or of the plain file when there is none. Run
 * after `vite build` and the pre-compression (part of `npm run build`): prints each file and the total, and fails
 * when the total is over the budget (at most 120 KB of JavaScript and CSS). The files are taken from
 * index.html and checked against .vite/manifest.json (the entry's static imports and their CSS), so a file the HTML
 * loads cannot escape the sum.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const INITIAL_BUDGET_BYTES = 120_000;

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** The build's manifest (dist/.vite/manifest.json): each chunk with its file, static and dynamic imports and CSS. */
export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** What `files` (paths inside dist) weigh as sent to a browser that accepts brotli: each `.br` copy, else the file. */
function sentBytesOf(distDir: string, files: Iterable<string>): number {
  let total = 0;
  for (const file of files) {
    const plain = path.join(distDir, file);
    total += statSync(existsSync(`${plain}.br`) ? `${plain}.br` : plain).size;
  }
  return total;
}

/** `bytes`: the plain file; `sentBytes`: what goes over the wire to a browser that accepts brotli. */
export type InitialFile = {
  file: string;
  kind: 'entry' | 'modulepreload' | 'css';
  bytes: number;
  sentBytes: number;
  brotli: boolean;
};
export type InitialLoad = { files: InitialFile[]; sentBytes: number; jsSentBytes: number; cssSentBytes: number };
type Listed = Pick<InitialFile, 'file' | 'kind'>;

function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

/** The files index.html loads at once, as paths inside dist ("assets/…"). */
export function filesOfIndexHtml(html: string): Listed[] {
  const files: Listed[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link|style)\b[^>]*>/g)) {
    // A small stylesheet written into the head (scripts/stylesheets-first.ts) is counted as its file.
    const inlined = tag.startsWith('<style') ? attribute(tag, 'data-href') : null;
    if (inlined) files.push({ file: inlined.replace(/^\//, ''), kind: 'css' });
    if (tag.startsWith('<style')) continue;
    const rel = attribute(tag, 'rel');
    const src = tag.startsWith('<script') ? attribute(tag, 'src') : attribute(tag, 'href');
    if (!src || /^[a-z]+:/i.test(src)) continue;
    const file = src.replace(/^\//, '');
    if (tag.startsWith('<script') && attribute(tag, 'type') === 'module') files.push({ file, kind: 'entry' });
    else if (rel === 'modulepreload') files.push({ file, kind: 'modulepreload' });
    else if (rel === 'stylesheet') files.push({ file, kind: 'css' });
  }
  return files;
}

/** The chunks of `keys` with all their static imports and their CSS, per the manifest. */
function closureOf(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Het manifest noemt ${key}, maar beschrijft het niet`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The manifest's key of the chunk a lazy import of `module` loads: the module's own key, or, when the bundler put the
 * module into a chunk shared with a static importer (the products list is also in the plain user's home), the one
 * chunk named after it that some chunk imports lazily.
 */
export function screenKey(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.[jt]sx?$/, '');
  const lazilyImported = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.name === name && lazilyImported.has(key));
  if (keys.length !== 1)
    throw new Error(`Het manifest heeft niet precies één chunk voor ${module}: ${keys.join(', ')}`);
  return keys[0] as string;
}

function entryKey(manifest: Manifest): string {
  const entry = Object.entries(manifest).find(([key, chunk]) => chunk.isEntry && (chunk.src ?? key) === 'index.html');
  if (!entry) throw new Error('Het manifest heeft geen entry voor index.html');
  return entry[0];
}

/** The entry chunk of index.html with all its static imports and their CSS, per the manifest. */
export function filesOfManifest(manifest: Manifest): Set<string> {
  return closureOf(manifest, [entryKey(manifest)]);
}

/** What a signed-in user's first screen after the log-in needs: the router, the shell and the home. */
const AFTER_LOG_IN = ['src/app/app-router.tsx', 'src/app/shell/shell.tsx', 'src/app/pages/home-page.tsx'];

/**
 * What the log-in screen loads once someone starts on the form (src/app/login-warm-up.ts): `download`, the router's,
 * the shell's and the home's chunks with their static imports and stylesheets, without what the log-in screen has
 * loaded already; `run`, the three chunks themselves. Paths from the site's root ("/assets/…").
 */
export function loginWarmUpFiles(manifest: Manifest): { download: string[]; run: string[] } {
  const loaded = filesOfManifest(manifest);
  const run = AFTER_LOG_IN.map((key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Het manifest beschrijft ${key} niet`);
    return `/${chunk.file}`;
  });
  const download = [...closureOf(manifest, AFTER_LOG_IN)].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
  return { download, run };
}

/**
 * What a main screen downloads when it is opened with a session: the log-in route's files, the router,
 * the shell, the schemas the profile is read with, and the screen's own chunk, each with its static imports and CSS.
 */
const SIGNED_IN_PARTS = ['src/app/app-router.tsx', 'src/app/shell/shell.tsx', 'src/lib/first-screen-schemas.ts'];

/**
 * Each main screen's first load as sent (brotli), at most `budget` bytes: its size when set plus a little. Each
 * grew by about 5 KB when the workshop picker's libraries became a chunk of their own (brotli compresses two chunks
 * less well than one): the log-in screen's picker no longer loads the 104 KB signed-in chunk and its stylesheet.
 */
export const SCREEN_BUDGETS: { name: string; module: string; budget: number }[] = [
  { name: 'home (dashboard)', module: 'src/app/pages/home-page.tsx', budget: 365_000 },
  { name: 'products list', module: 'src/features/products/components/product-overview-page.tsx', budget: 355_000 },
  {
    name: 'reservations overview',
    module: 'src/features/reservations/components/reservations-page.tsx',
    budget: 360_000,
  },
  { name: 'product wizard', module: 'src/features/products/components/product-wizard.tsx', budget: 350_000 },
  { name: 'statements', module: 'src/features/statements/components/statements-page.tsx', budget: 350_000 },
];

/** What the log-in screen imports only when asked: the signed-in app (on a session or the form sent) and two dialogs. */
const ON_DEMAND = [
  'src/app/app-router.tsx',
  'src/app/shell/shell.tsx',
  'src/features/auth/components/second-step.tsx',
  'src/features/auth/components/forgot-password-modal.tsx',
];

/**
 * What the log-in screen downloads right after its first paint without being asked (the workshop picker, the
 * notifications' container, …: every chunk its first download imports dynamically, but for ON_DEMAND), as sent
 * (brotli), and whether that pulls in the signed-in screens' shared chunk (`signed-in`: the router, the list table,
 * the rest of Mantine and their stylesheet), which it must not: running it took long tasks on a phone and its
 * stylesheet shifted the screen.
 */
export function measureLogInExtras(distDir: string): { files: string[]; sentBytes: number; signedIn: boolean } {
  const manifest = readManifest(distDir);
  const loaded = filesOfManifest(manifest);
  const initialKeys = Object.keys(manifest).filter((key) => loaded.has(manifest[key]?.file ?? ''));
  const later = initialKeys
    .flatMap((key) => manifest[key]?.dynamicImports ?? [])
    .filter((key) => !ON_DEMAND.includes(key));
  const files = [...closureOf(manifest, later)].filter((file) => !loaded.has(file));
  return {
    files,
    sentBytes: sentBytesOf(distDir, files),
    signedIn: files.some((file) => /^assets\/signed-in-/.test(file)),
  };
}

export type ScreenLoad = { name: string; files: number; sentBytes: number; budget: number };

export function measureScreenLoads(distDir: string): ScreenLoad[] {
  const manifest = readManifest(distDir);
  return SCREEN_BUDGETS.map((screen) => {
    const files = closureOf(manifest, [entryKey(manifest), ...SIGNED_IN_PARTS, screenKey(manifest, screen.module)]);
    return { name: screen.name, files: files.size, sentBytes: sentBytesOf(distDir, files), budget: screen.budget };
  });
}

export function measureInitialLoad(distDir: string): InitialLoad {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest(distDir);
  const fromHtml = filesOfIndexHtml(html);
  const fromManifest = filesOfManifest(manifest);
  const htmlNames = new Set(fromHtml.map((f) => f.file));
  const missing = [...fromManifest].filter((file) => !htmlNames.has(file));
  if (missing.length > 0) throw new Error(`index.html laadt niet alles wat het manifest noemt: ${missing.join(', ')}`);
  const files = fromHtml.map((f) => {
    const plain = path.join(distDir, f.file);
    const compressed = `${plain}.br`;
    const brotli = existsSync(compressed);
    return { ...f, bytes: statSync(plain).size, sentBytes: statSync(brotli ? compressed : plain).size, brotli };
  });
  const sum = (list: InitialFile[]) => list.reduce((total, f) => total + f.sentBytes, 0);
  return {
    files,
    sentBytes: sum(files),
    jsSentBytes: sum(files.filter((f) => f.kind !== 'css')),
    cssSentBytes: sum(files.filter((f) => f.kind === 'css')),
  };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
  const load = measureInitialLoad(distDir);
  console.log('\nInitial download of the log-in screen, as sent (brotli):');
  for (const f of [...load.files].sort((a, b) => b.sentBytes - a.sentBytes)) {
    const note = f.brotli ? '' : ' (not compressed)';
    console.log(`  ${kb(f.sentBytes).padStart(9)}  ${f.kind.padEnd(13)} ${f.file}${note}`);
  }
  console.log(
    `  ${kb(load.sentBytes).padStart(9)}  total (JavaScript ${kb(load.jsSentBytes)}, CSS ${kb(load.cssSentBytes)}); budget ${kb(INITIAL_BUDGET_BYTES)}\n`,
  );
  let over = false;
  if (load.sentBytes > INITIAL_BUDGET_BYTES) {
    console.error(
      `Over budget by ${kb(load.sentBytes - INITIAL_BUDGET_BYTES)}: lazy-load what the log-in screen does not need.`,
    );
    over = true;
  }
  const extras = measureLogInExtras(distDir);
  console.log(
    `Then, without being asked (the workshop picker, the notifications): ${kb(extras.sentBytes)} in ${extras.files.length} files`,
  );
  if (extras.signedIn) {
    console.error(
      'The log-in screen pulls in the signed-in chunk: give what it needs a chunk of its own (vite.config.ts).',
    );
    over = true;
  }
  console.log('First load of each main screen opened with a session, as sent (brotli):');
  for (const screen of measureScreenLoads(distDir)) {
    const fits = screen.sentBytes <= screen.budget;
    console.log(
      `  ${kb(screen.sentBytes).padStart(9)}  ${screen.name} (${screen.files} files); budget ${kb(screen.budget)}${fits ? '' : '  OVER'}`,
    );
    over ||= !fits;
  }
  if (over) {
    console.error('A first load is over its budget: keep what that screen does not need at first out of its chunks.');
    process.exit(1);
  }
}
