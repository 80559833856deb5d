import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { measureInitialLoad } from './initial-size.ts';

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

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

describe('initial download of the log-in screen', () => {
  const entry = 'console.log("entry");'.repeat(50);
  const shared = 'export const x = 1;'.repeat(20);
  const css = 'body{margin:0}'.repeat(30);
  const lazy = 'console.log("lazy");'.repeat(500);

  it('sums the gzip sizes of the entry, its modulepreloads and its stylesheets, not of lazy chunks or icons', () => {
    const dir = distWith({
      'index.html': INDEX,
      'assets/index-a.js': entry,
      'assets/shared-b.js': shared,
      'assets/index-c.css': css,
      'assets/lazy-d.js': lazy,
    });
    const load = measureInitialLoad(dir);
    expect(load.files.map((f) => [f.file, f.kind])).toEqual([
      ['assets/index-a.js', 'entry'],
      ['assets/shared-b.js', 'modulepreload'],
      ['assets/index-c.css', 'css'],
    ]);
    expect(load.jsGzipBytes).toBe(gz(entry) + gz(shared));
    expect(load.cssGzipBytes).toBe(gz(css));
    expect(load.gzipBytes).toBe(gz(entry) + gz(shared) + gz(css));
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
