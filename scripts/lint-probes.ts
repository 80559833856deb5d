/**
 * Proves that import boundaries kept by Biome bite (the web app's, docs/decisions/0015, and the API's, 0025): probe
 * files with one import each are written into the tree, linted with the project's own configuration, and removed.
 * Answers, per probe file, whether Biome refused its import (lint/style/noRestrictedImports) and the lint output.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type Probe = [file: string, importPath: string, refused: boolean];

const root = path.resolve(import.meta.dirname, '..');

export function lintProbes(
  srcDir: string,
  probes: readonly Probe[],
): { refused: Map<string, boolean>; output: string } {
  const written: string[] = [];
  const dirs = new Set<string>();
  try {
    for (const [file, importPath] of probes) {
      const full = path.join(srcDir, file);
      const dir = path.dirname(full);
      if (path.basename(dir).startsWith('zz-probe')) dirs.add(dir);
      mkdirSync(dir, { recursive: true });
      writeFileSync(full, `import { probe } from '${importPath}';\nexport const used = probe;\n`);
      written.push(full);
    }
    const run = spawnSync('npx', ['--yes', '@biomejs/biome@2.6.8', 'lint', '--max-diagnostics=none', ...written], {
      cwd: root,
      encoding: 'utf8',
    });
    const output = `${run.stdout}${run.stderr}`;
    const refused = new Map(
      probes.map(([file]) => {
        const escaped = file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
        return [file, new RegExp(`${escaped}:\\d+:\\d+ lint/style/noRestrictedImports`).test(output)];
      }),
    );
    return { refused, output };
  } finally {
    for (const f of written) rmSync(f, { force: true });
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}
