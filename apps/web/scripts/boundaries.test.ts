import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintProbes, type Probe } from '../../../scripts/lint-probes.ts';

const src = path.resolve(import.meta.dirname, '../src');

/**
 * The boundaries of docs/decisions/0015 are Biome rules (biome.json, overrides): this proves they bite. Probe files
 * with one import each are written into the tree, linted with the project's own configuration, and removed.
 */
describe('import boundaries of the web app', () => {
  it('refuse a feature importing another feature, and components/ or lib/ importing a feature; allow the rest', () => {
    const probes: Probe[] = [
      ['features/products/components/zz-probe-1.tsx', '../../users/api/get-my-profile.ts', true],
      ['features/products/components/zz-probe-dir/zz-probe-2.tsx', '../../../reservations/api/x.ts', true],
      ['features/users/zz-probe-3.ts', '../../features/products/api/get-products.ts', true],
      ['lib/zz-probe-4.ts', '../features/users/api/get-my-profile.ts', true],
      ['components/zz-probe-5.tsx', '../features/products/api/get-products.ts', true],
      ['features/products/components/zz-probe-6.tsx', '../api/get-products.ts', false],
      ['features/products/components/zz-probe-7.tsx', '../../../lib/current-user.ts', false],
      ['app/zz-probe-8.ts', '../features/users/api/get-my-profile.ts', false],
    ];
    const { refused, output } = lintProbes(src, probes);
    for (const [file, , expected] of probes)
      expect(refused.get(file), `${file}: ${expected ? 'refused' : 'allowed'}\n${output}`).toBe(expected);
  }, 60_000);
});
