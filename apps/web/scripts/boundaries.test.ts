import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintProbes, type Probe } from '../../../scripts/lint-probes.ts';
import {
  biomeOverrides,
  expectedFeatureOverrides,
  isFeatureOverride,
  webFeatures,
} from '../../../scripts/web-boundaries.ts';

const src = path.resolve(import.meta.dirname, '../src');

/**
 * The boundaries of docs/decisions/0015 are Biome rules (biome.json, overrides), made from the feature folders by
 * scripts/web-boundaries.ts. This proves they are complete and bite: probe files with one import each are written
 * into the tree, linted with the project's own configuration, and removed.
 */
describe('import boundaries of the web app', () => {
  const features = webFeatures();

  it('has one rule per feature folder, each refusing every other feature (scripts/web-boundaries.ts --write)', () => {
    expect(features.length).toBeGreaterThanOrEqual(10);
    expect(biomeOverrides().filter(isFeatureOverride)).toEqual(expectedFeatureOverrides(features));
  });

  it('refuses every feature importing every other feature, and components/ or lib/ importing any feature', () => {
    const probes: Probe[] = [];
    for (const from of features) {
      for (const to of features) {
        if (from === to) continue;
        // The relative way from a component, and the way through the features folder from the feature's root.
        probes.push([`features/${from}/components/zz-probe-${to}.tsx`, `../../${to}/api/x.ts`, true]);
        probes.push([`features/${from}/zz-probe-via-${to}.ts`, `../../features/${to}/index.ts`, true]);
      }
      probes.push([`lib/zz-probe-${from}.ts`, `../features/${from}/api/x.ts`, true]);
      probes.push([`components/zz-probe-${from}.tsx`, `../features/${from}/components/x.tsx`, true]);
      // What stays allowed: a feature's own parts, components/ and lib/, and app/ meeting every feature.
      probes.push([`features/${from}/components/zz-probe-own.tsx`, '../api/x.ts', false]);
      probes.push([`features/${from}/components/zz-probe-lib.tsx`, '../../../lib/current-user.ts', false]);
      probes.push([`app/zz-probe-${from}.ts`, `../features/${from}/api/x.ts`, false]);
    }
    // 10 features: 90 pairs both ways, and 50 more.
    expect(probes.length).toBe(features.length * (features.length - 1) * 2 + features.length * 5);
    const { refused, output } = lintProbes(src, probes);
    const wrong = probes
      .filter(([file, , expected]) => refused.get(file) !== expected)
      .map(([file, importPath, expected]) => `${file} → ${importPath}: should be ${expected ? 'refused' : 'allowed'}`);
    expect(wrong, output.slice(0, 4000)).toEqual([]);
  }, 120_000);
});
