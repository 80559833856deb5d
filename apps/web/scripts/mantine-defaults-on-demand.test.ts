import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultsOnDemand } from './mantine-defaults-on-demand.ts';

const mantineModule = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles/Checkbox.css')),
  '../esm/core/MantineProvider/MantineCssVariables/remove-default-variables.mjs',
);

type Calls = { resolverCalls: number };
type Variables = { variables: Record<string, string>; light: Record<string, string>; dark: Record<string, string> };

/**
 * Mantine's own module, rewritten, run as a module of its own: its imports (Mantine's `keys`, default theme and
 * resolver) replaced by small stand-ins, the resolver counting its calls.
 */
async function rewrittenModule(calls: Calls) {
  const code = defaultsOnDemand(readFileSync(mantineModule, 'utf8'))
    .replace(/^import .*$/gm, '')
    .replace(
      '"use client";',
      `const keys = (o) => Object.keys(o);
const DEFAULT_THEME = {};
const defaultCssVariablesResolver = () => {
  globalThis.__defaultsCalls.resolverCalls += 1;
  return { variables: { '--a': '1' }, light: { '--l': 'x' }, dark: {} };
};`,
    );
  (globalThis as unknown as { __defaultsCalls: Calls }).__defaultsCalls = calls;
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  return (await import(/* @vite-ignore */ url)) as { removeDefaultVariables: (input: Variables) => Variables };
}

describe('defaultsOnDemand', () => {
  it("computes Mantine's defaults at the first call, not when the module is evaluated, and once", async () => {
    const calls = { resolverCalls: 0 };
    const { removeDefaultVariables } = await rewrittenModule(calls);
    expect(calls.resolverCalls).toBe(0);
    const input = { variables: { '--a': '1', '--b': '2' }, light: { '--l': 'y' }, dark: { '--d': 'z' } };
    // What the function always returned: the theme's variables that differ from the defaults.
    expect(removeDefaultVariables(input)).toEqual({
      variables: { '--b': '2' },
      light: { '--l': 'y' },
      dark: { '--d': 'z' },
    });
    expect(removeDefaultVariables(input)).toEqual({
      variables: { '--b': '2' },
      light: { '--l': 'y' },
      dark: { '--d': 'z' },
    });
    expect(calls.resolverCalls).toBe(1);
  });

  it('refuses a module whose lines it rewrites have changed', () => {
    const code = readFileSync(mantineModule, 'utf8');
    expect(() => defaultsOnDemand(code.replace('DEFAULT_THEME);', 'DEFAULT_THEME, {});'))).toThrow(
      /remove-default-variables\.mjs changed/,
    );
    expect(() => defaultsOnDemand(`${code}\nfunction removeDefaultVariables(input) {}`)).toThrow(/changed/);
  });
});
