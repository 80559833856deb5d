import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The log-in screen loads part of Mantine's styles, the router the rest: together they must be styles.css.
const here = path.dirname(new URL(import.meta.url).pathname);
const stylesCss = createRequire(import.meta.url).resolve('@mantine/core/styles.css');
const stylesDir = path.join(path.dirname(stylesCss), 'styles');

function importedFiles(module: string): string[] {
  const source = readFileSync(path.join(here, module), 'utf8');
  return [...source.matchAll(/^import '@mantine\/core\/styles\/([^']+)';$/gm)].map((m) => m[1] ?? '');
}

describe('Mantine styles split between the log-in screen and the rest', () => {
  const login = importedFiles('mantine-styles.ts');
  const rest = importedFiles('mantine-styles-rest.ts');
  const whole = readFileSync(stylesCss, 'utf8');
  const positionInWhole = (file: string) =>
    whole.indexOf(readFileSync(path.join(stylesDir, file), 'utf8').trim().slice(0, 200));

  it('together import every component stylesheet of @mantine/core exactly once', () => {
    const all = readdirSync(stylesDir).filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'));
    expect(login.length).toBeGreaterThan(0);
    expect([...login, ...rest].sort()).toEqual(all.sort());
  });

  it('each keep the order of styles.css, and the log-in part starts with the baseline', () => {
    expect(login.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
    for (const list of [login, rest]) {
      const positions = list.map(positionInWhole);
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });
});
