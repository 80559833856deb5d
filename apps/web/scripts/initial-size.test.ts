import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_BUDGET_BYTES,
  loginWarmUpFiles,
  measureInitialLoad,
  measureLogInExtras,
  measureScreenLoads,
  SCREEN_BUDGETS,
  screenKey,
} from './initial-size.ts';
import { precompress } from './precompress.ts';

const INDEX = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared-b.js">
<link rel="icon" href="/favicon.svg">
<link rel="stylesheet" crossorigin href="/assets/index-c.css">
</head><body></body></html>`;

const MANIFEST = {
  'index.html': {
    file: 'assets/index-a.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_shared-b.js'],
    dynamicImports: ['src/lazy.tsx'],
    css: ['assets/index-c.css'],
  },
  '_shared-b.js': { file: 'assets/shared-b.js' },
  'src/lazy.tsx': { file: 'assets/lazy-d.js', isDynamicEntry: true, imports: ['_shared-b.js'] },
};

function distWith(files: Record<string, string>, manifest: object = MANIFEST): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'initial-size-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return dir;
}

const sent = (dir: string, file: string) => statSync(path.join(dir, `${file}.br`)).size;

describe('initial download of the log-in screen', () => {
  const entry = 'console.log("entry");'.repeat(50);
  const shared = 'export const x = 1;'.repeat(20);
  const css = 'body{margin:0}'.repeat(30);
  const lazy = 'console.log("lazy");'.repeat(500);

  it('sums the brotli sizes as sent of the entry, its modulepreloads and its stylesheets, not of lazy chunks or icons', async () => {
    const dir = distWith({
      'index.html': INDEX,
      'assets/index-a.js': entry,
      'assets/shared-b.js': shared,
      'assets/index-c.css': css,
      'assets/lazy-d.js': lazy,
    });
    await precompress(dir);
    const load = measureInitialLoad(dir);
    expect(load.files.map((f) => [f.file, f.kind, f.brotli])).toEqual([
      ['assets/index-a.js', 'entry', true],
      ['assets/shared-b.js', 'modulepreload', true],
      ['assets/index-c.css', 'css', true],
    ]);
    const [a, b, c] = ['assets/index-a.js', 'assets/shared-b.js', 'assets/index-c.css'].map((f) => sent(dir, f));
    expect(load.jsSentBytes).toBe((a ?? 0) + (b ?? 0));
    expect(load.cssSentBytes).toBe(c);
    expect(load.sentBytes).toBe((a ?? 0) + (b ?? 0) + (c ?? 0));
    expect(load.sentBytes).toBeLessThan(entry.length / 5);
  });

  it('counts a stylesheet written into the head (stylesheets-first) as its file', () => {
    const inlined = INDEX.replace(
      '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
      `<style data-href="/assets/index-c.css">${css}</style>`,
    );
    const dir = distWith({
      'index.html': inlined,
      'assets/index-a.js': entry,
      'assets/shared-b.js': shared,
      'assets/index-c.css': css,
    });
    const load = measureInitialLoad(dir);
    expect(load.files.map((f) => [f.file, f.kind])).toEqual([
      ['assets/index-a.js', 'entry'],
      ['assets/shared-b.js', 'modulepreload'],
      ['assets/index-c.css', 'css'],
    ]);
    expect(load.cssSentBytes).toBe(css.length);
  });

  it('counts a file without a brotli copy at its full size', () => {
    const dir = distWith({
      'index.html': INDEX,
      'assets/index-a.js': entry,
      'assets/shared-b.js': shared,
      'assets/index-c.css': css,
    });
    const load = measureInitialLoad(dir);
    expect(load.files.every((f) => !f.brotli)).toBe(true);
    expect(load.sentBytes).toBe(entry.length + shared.length + css.length);
  });

  it('has a budget of 120 KB for the log-in route', () => {
    expect(INITIAL_BUDGET_BYTES).toBe(120_000);
  });

  it('fails when the manifest names a static import that index.html does not list', () => {
    const dir = distWith(
      { 'index.html': INDEX, 'assets/index-a.js': entry, 'assets/shared-b.js': shared, 'assets/index-c.css': css },
      {
        ...MANIFEST,
        'index.html': { ...MANIFEST['index.html'], imports: ['_shared-b.js', '_hidden-e.js'] },
        '_hidden-e.js': { file: 'assets/hidden-e.js' },
      },
    );
    expect(() => measureInitialLoad(dir)).toThrow(/assets\/hidden-e\.js/);
  });
});

describe('first load of each main screen', () => {
  it('sums the log-in route, the router, the shell, the schemas and the screen with their imports and CSS, each file once', () => {
    const files: Record<string, string> = {
      'index.html': INDEX,
      'assets/index-a.js': 'a'.repeat(100),
      'assets/shared-b.js': 'b'.repeat(10),
      'assets/index-c.css': 'c'.repeat(20),
      'assets/router.js': 'r'.repeat(300),
      'assets/shell.js': 's'.repeat(400),
      'assets/shell.css': 'S'.repeat(40),
      'assets/schemas.js': 'z'.repeat(500),
      'assets/vendor.js': 'v'.repeat(1000),
      'assets/lazy-d.js': 'l'.repeat(2000),
    };
    const screens = Object.fromEntries(
      SCREEN_BUDGETS.map((s) => [
        s.module,
        { file: 'assets/lazy-d.js', isDynamicEntry: true, imports: ['_vendor.js', '_shared-b.js'] },
      ]),
    );
    const dir = distWith(files, {
      ...MANIFEST,
      'src/app/app-router.tsx': { file: 'assets/router.js', imports: ['_vendor.js'] },
      'src/app/shell/shell.tsx': { file: 'assets/shell.js', css: ['assets/shell.css'], imports: ['_vendor.js'] },
      'src/lib/first-screen-schemas.ts': { file: 'assets/schemas.js' },
      '_vendor.js': { file: 'assets/vendor.js' },
      ...screens,
    });
    const loads = measureScreenLoads(dir);
    expect(loads.map((l) => l.name)).toEqual(SCREEN_BUDGETS.map((s) => s.name));
    // Plain sizes (no .br copies): 100 + 10 + 20 + 300 + 400 + 40 + 500 + 1000 + 2000, vendor and shared once.
    expect(loads.every((l) => l.sentBytes === 4370 && l.files === 9)).toBe(true);
  });

  it("finds a screen the bundler put into a chunk shared with a static importer by the chunk's name", () => {
    const manifest = {
      '_route-table.js': { file: 'assets/route-table.js', dynamicImports: ['_product-overview-page-x.js'] },
      '_product-overview-page-x.js': { file: 'assets/product-overview-page-x.js', name: 'product-overview-page' },
      'src/app/pages/home-page.tsx': { file: 'assets/home-page.js', imports: ['_product-overview-page-x.js'] },
    };
    expect(screenKey(manifest, 'src/features/products/components/product-overview-page.tsx')).toBe(
      '_product-overview-page-x.js',
    );
    expect(screenKey(manifest, 'src/app/pages/home-page.tsx')).toBe('src/app/pages/home-page.tsx');
    // Not imported lazily by any chunk, or not there at all: no screen to measure.
    expect(() =>
      screenKey(
        { ...manifest, '_route-table.js': { file: 'assets/route-table.js' } },
        'src/x/product-overview-page.tsx',
      ),
    ).toThrow(/niet precies één chunk/);
  });
});

describe('pre-compression of the build', () => {
  it('writes a brotli and a gzip copy beside each text file, which unpack to the same bytes', async () => {
    const script = 'export const tekst = "Welkom bij Ateliermarkt";\n'.repeat(100);
    const dir = distWith({ 'index.html': INDEX, 'assets/index-a.js': script, 'assets/tiny.css': 'a{}' });
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST).repeat(50));
    writeFileSync(path.join(dir, 'assets', 'photo.png'), Buffer.alloc(5000));
    await precompress(dir);
    const at = (name: string) => path.join(dir, name);
    expect(brotliDecompressSync(readFileSync(at('assets/index-a.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(at('assets/index-a.js.gz'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(at('index.html.br'))).toString()).toBe(INDEX);
    // Not smaller: not written. Not served: not compressed. Not text: not compressed.
    expect(existsSync(at('assets/tiny.css.br'))).toBe(false);
    expect(existsSync(at('.vite/manifest.json.br'))).toBe(false);
    expect(existsSync(at('assets/photo.png.br'))).toBe(false);
  });
});

describe('what the log-in screen loads after its first paint without being asked', () => {
  const manifest = (pickerImports: string[]) => ({
    ...MANIFEST,
    'index.html': {
      ...MANIFEST['index.html'],
      dynamicImports: ['src/lazy.tsx', 'src/features/auth/components/workshop-picker.tsx', 'src/app/app-router.tsx'],
    },
    'src/features/auth/components/workshop-picker.tsx': {
      file: 'assets/workshop-picker-e.js',
      isDynamicEntry: true,
      imports: pickerImports,
    },
    'src/app/app-router.tsx': { file: 'assets/app-router-i.js', isDynamicEntry: true, imports: ['_signed-in-f.js'] },
    '_signed-in-f.js': { file: 'assets/signed-in-f.js', css: ['assets/signed-in-g.css'] },
    '_log-in-libraries-h.js': { file: 'assets/log-in-libraries-h.js', imports: ['_shared-b.js'] },
  });
  const files = {
    'index.html': INDEX,
    'assets/index-a.js': 'a',
    'assets/shared-b.js': 'b',
    'assets/index-c.css': 'c',
    'assets/lazy-d.js': 'd'.repeat(10),
    'assets/workshop-picker-e.js': 'e'.repeat(100),
    'assets/signed-in-f.js': 'f',
    'assets/signed-in-g.css': 'g',
    'assets/log-in-libraries-h.js': 'h'.repeat(200),
    'assets/app-router-i.js': 'i',
  };

  it('counts its lazy chunks with their imports, without what it has loaded already or what waits to be asked', () => {
    const extras = measureLogInExtras(distWith(files, manifest(['_log-in-libraries-h.js'])));
    expect(extras.files).toEqual(['assets/lazy-d.js', 'assets/workshop-picker-e.js', 'assets/log-in-libraries-h.js']);
    expect(extras.sentBytes).toBe(310);
    expect(extras.signedIn).toBe(false);
  });

  it('reports the signed-in chunk when one of them pulls it in', () => {
    const extras = measureLogInExtras(distWith(files, manifest(['_signed-in-f.js'])));
    expect(extras.files).toContain('assets/signed-in-f.js');
    expect(extras.files).toContain('assets/signed-in-g.css');
    expect(extras.signedIn).toBe(true);
  });
});

describe('what the log-in screen loads once someone starts on the form', () => {
  it('names the router, the shell and the home with their imports and styles, without what it has loaded', () => {
    const manifest = {
      ...MANIFEST,
      'src/app/app-router.tsx': { file: 'assets/app-router-i.js', imports: ['_shared-b.js', '_signed-in-f.js'] },
      '_signed-in-f.js': { file: 'assets/signed-in-f.js', css: ['assets/signed-in-g.css'] },
      'src/app/shell/shell.tsx': {
        file: 'assets/shell-j.js',
        imports: ['_signed-in-f.js'],
        css: ['assets/shell-k.css'],
      },
      'src/app/pages/home-page.tsx': { file: 'assets/home-page-l.js', imports: ['_signed-in-f.js'] },
    };
    expect(loginWarmUpFiles(manifest)).toEqual({
      download: [
        '/assets/app-router-i.js',
        '/assets/signed-in-f.js',
        '/assets/signed-in-g.css',
        '/assets/shell-j.js',
        '/assets/shell-k.css',
        '/assets/home-page-l.js',
      ],
      run: ['/assets/app-router-i.js', '/assets/shell-j.js', '/assets/home-page-l.js'],
    });
  });
});
