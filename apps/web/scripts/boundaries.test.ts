import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const src = path.join(root, 'apps/web/src');

/**
 * The boundaries of docs/decisions/0015 are Biome rules (biome.json, overrides): this proves they bite. Probe files
 * with one import each are written into the tree, linted with the project's own configuration, and removed.
 */
describe('import boundaries of the web app', () => {
  it('refuse a feature importing another feature, and components/ or lib/ importing a feature; allow the rest', () => {
    const probes: [file: string, importPath: string, refused: boolean][] = [
      ['features/products/components/zz-probe-1.tsx', '../../users/api/get-my-profile.ts', true],
      ['features/products/components/zz-probe-dir/zz-probe-2.tsx', '../../../reservations/api/x.ts', true],
      ['features/users/zz-probe-3.ts', '../../features/products/api/get-products.ts', true],
      ['lib/zz-probe-4.ts', '../features/users/api/get-my-profile.ts', true],
      ['components/zz-probe-5.tsx', '../features/products/api/get-products.ts', true],
      ['features/products/components/zz-probe-6.tsx', '../api/get-products.ts', false],
      ['features/products/components/zz-probe-7.tsx', '../../../lib/current-user.ts', false],
      ['app/zz-probe-8.ts', '../features/users/api/get-my-profile.ts', false],
    ];
    const written: string[] = [];
    try {
      for (const [file, importPath] of probes) {
        const full = path.join(src, file);
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, `import { probe } from '${importPath}';\nexport const used = probe;\n`);
        written.push(full);
      }
      const run = spawnSync('npx', ['--yes', '@biomejs/biome@2.6.8', 'lint', '--max-diagnostics=50', ...written], {
        cwd: root,
        encoding: 'utf8',
      });
      const output = `${run.stdout}${run.stderr}`;
      for (const [file, , refused] of probes) {
        const flagged = new RegExp(
          `${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+:\\d+ lint/style/noRestrictedImports`,
        );
        expect(flagged.test(output), `${file}: ${refused ? 'refused' : 'allowed'}\n${output}`).toBe(refused);
      }
    } finally {
      for (const f of written) rmSync(f, { force: true });
      rmSync(path.join(src, 'features/products/components/zz-probe-dir'), { recursive: true, force: true });
    }
  }, 60_000);
});
