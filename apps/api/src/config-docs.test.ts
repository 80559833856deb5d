import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.ts';

const page = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');

/** The variables named in the first column of the page's table rows (`| `A`, `B` | default | meaning |`). */
function documentedVariables(markdown: string): string[] {
  const names: string[] = [];
  for (const line of markdown.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!first) continue;
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) if (m[1]) names.push(m[1]);
  }
  return names;
}

describe('docs/configuration.md', () => {
  const documented = documentedVariables(page);

  it('documents every variable of the config schema', () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(30);
    expect(CONFIG_VARIABLES.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it('documents no variable the config schema does not read, and each once', () => {
    expect(documented.filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });
});
