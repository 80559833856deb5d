/**
 * The web app's feature boundaries (docs/decisions/0015) as Biome rules, made from the folders under
 * apps/web/src/features rather than listed by hand: one override per feature, refusing every other feature, so a new
 * feature cannot be forgotten (apps/web/scripts/boundaries.test.ts fails until biome.json holds exactly these).
 *
 *   node --import tsx scripts/web-boundaries.ts --write    # rewrites those overrides in biome.json, then formats it
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const FEATURES_DIR = 'apps/web/src/features';
const MESSAGE =
  'Features import no other feature: they meet in app/, shared parts go to components/ or lib/ (docs/decisions/0015).';

export function webFeatures(): string[] {
  return readdirSync(path.join(root, FEATURES_DIR), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

type Override = { includes: string[]; linter?: unknown };

/** The override that keeps `feature` from importing any of `others`, by absolute-looking and relative paths. */
function featureOverride(feature: string, all: readonly string[]): Override {
  const others = all.filter((f) => f !== feature);
  return {
    includes: [`${FEATURES_DIR}/${feature}/**`],
    linter: {
      rules: {
        style: {
          noRestrictedImports: {
            level: 'error',
            options: {
              patterns: [
                {
                  group: [...others.map((o) => `**/features/${o}/**`), ...others.map((o) => `**/../${o}/**`)],
                  message: MESSAGE,
                },
              ],
            },
          },
        },
      },
    },
  };
}

export const isFeatureOverride = (o: Override) =>
  o.includes.length === 1 && o.includes[0]?.startsWith(`${FEATURES_DIR}/`) === true;

export function expectedFeatureOverrides(features: readonly string[] = webFeatures()): Override[] {
  return features.map((f) => featureOverride(f, features));
}

export function biomeOverrides(): Override[] {
  return (JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as { overrides: Override[] }).overrides;
}

/** biome.json with its feature overrides replaced by the generated ones, in the place of the first. */
function write() {
  const file = path.join(root, 'biome.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { overrides: Override[] };
  const at = Math.max(0, config.overrides.findIndex(isFeatureOverride));
  const rest = config.overrides.filter((o) => !isFeatureOverride(o));
  config.overrides = [...rest.slice(0, at), ...expectedFeatureOverrides(), ...rest.slice(at)];
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  spawnSync('npx', ['--yes', '@biomejs/biome@2.6.8', 'format', '--write', 'biome.json'], {
    cwd: root,
    stdio: 'inherit',
  });
}

if (process.argv.includes('--write')) write();
