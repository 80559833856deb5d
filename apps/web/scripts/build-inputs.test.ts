import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInputsHash, STAMP, webBuildNeeded } from './build-inputs.ts';

/** `npm start` skips the web build when nothing it is made of changed. */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fakeRepo() {
  const root = mkdtempSync(path.join(tmpdir(), 'build-inputs-'));
  dirs.push(root);
  mkdirSync(path.join(root, 'apps/web/src'), { recursive: true });
  mkdirSync(path.join(root, 'packages/contract/src'), { recursive: true });
  mkdirSync(path.join(root, 'apps/web/dist'), { recursive: true });
  writeFileSync(path.join(root, 'apps/web/src/main.tsx'), 'export {};\n');
  writeFileSync(path.join(root, 'packages/contract/src/messages.ts'), "export const a = 'Opslaan';\n");
  writeFileSync(path.join(root, 'package-lock.json'), '{}\n');
  return root;
}
const built = (root: string) => {
  writeFileSync(path.join(root, 'apps/web/dist/index.html'), '<html></html>');
  writeFileSync(path.join(root, STAMP), `${buildInputsHash(root)}\n`);
};

describe('the web build at npm start', () => {
  it('is needed without a built app, and not again when nothing changed', () => {
    const root = fakeRepo();
    expect(webBuildNeeded(root)).toBe(true);
    built(root);
    expect(webBuildNeeded(root)).toBe(false);
  });

  it('is needed again when a source, a Dutch text or a dependency changed', () => {
    for (const file of ['apps/web/src/main.tsx', 'packages/contract/src/messages.ts', 'package-lock.json']) {
      const root = fakeRepo();
      built(root);
      writeFileSync(path.join(root, file), '// changed\n');
      expect(webBuildNeeded(root), file).toBe(true);
    }
  });

  it('ignores tests and the copy of the same content elsewhere', () => {
    const root = fakeRepo();
    built(root);
    writeFileSync(path.join(root, 'apps/web/src/main.test.tsx'), 'it();\n');
    expect(webBuildNeeded(root)).toBe(false);
    const copy = mkdtempSync(path.join(tmpdir(), 'build-inputs-copy-'));
    dirs.push(copy);
    cpSync(root, copy, { recursive: true });
    expect(buildInputsHash(copy)).toBe(buildInputsHash(root));
  });
});
