import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@babel/parser';
import { checkSync } from 'recheck';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/**
 * No regular expression of the contract or the server can backtrack super-linearly (one e-mail address
 * of 240,000 characters once froze the server for 34 s). Every regex literal in packages/contract/src and apps/api/src
 * (tests included: one rule, no exceptions) and every `pattern` of the OpenAPI document (zod's own formats and the
 * patterns the contract builds with `new RegExp`) is checked by recheck, a ReDoS detector that analyses the
 * pattern's automaton and confirms what it finds with an attack string.
 */

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const ROOTS = ['packages/contract/src', 'apps/api/src'];

type Found = { where: string; source: string; flags: string };

type AstNode = { type?: string; pattern?: string; flags?: string; loc?: { start: { line: number } } };

function regexLiterals(): Found[] {
  const found: Found[] = [];
  const walk = (node: unknown, file: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, file);
      return;
    }
    const n = node as AstNode;
    if (n.type === 'RegExpLiteral' && n.pattern !== undefined) {
      found.push({ where: `${file}:${n.loc?.start.line}`, source: n.pattern, flags: n.flags ?? '' });
    }
    for (const [key, value] of Object.entries(node)) if (key !== 'loc') walk(value, file);
  };
  for (const root of ROOTS) {
    const files = readdirSync(path.join(REPO, root), { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.tsx?$/.test(f),
    );
    for (const file of files) {
      const text = readFileSync(path.join(REPO, root, file), 'utf8');
      walk(parse(text, { sourceType: 'module', plugins: ['typescript'] }).program, path.join(root, file));
    }
  }
  return found;
}

function openApiPatterns(value: unknown, at: string, out: Found[]) {
  if (!value || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value)) {
    if (key === 'pattern' && typeof item === 'string') out.push({ where: `OpenAPI ${at}`, source: item, flags: '' });
    else openApiPatterns(item, `${at}/${key}`, out);
  }
}

function unsafe(found: Found[]): string[] {
  const problems: string[] = [];
  for (const r of found) {
    const result = checkSync(r.source, r.flags, { randomSeed: 1, timeout: 20_000 });
    if (result.status !== 'safe') {
      const why = result.status === 'vulnerable' ? `${result.complexity.summary}, attack ${result.attack.pattern}` : '';
      problems.push(`${r.where} /${r.source}/${r.flags}: ${result.status} ${why}`.trim());
    }
  }
  return problems;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('regular expressions', () => {
  it('the detector is not blind: it finds the audit’s e-mail pattern and a nested quantifier', () => {
    const problems = unsafe([
      { where: 'old emailField', source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', flags: '' },
      { where: 'nested', source: '^(a+)+$', flags: '' },
      { where: 'tags', source: '<[^>]*>', flags: 'g' },
    ]);
    expect(problems).toHaveLength(3);
  });

  it('no regex literal in the contract or the server backtracks super-linearly', () => {
    const found = regexLiterals();
    process.stdout.write(`regex literals checked with recheck: ${found.length}\n`);
    expect(found.length).toBeGreaterThan(50);
    expect(unsafe(found)).toEqual([]);
  }, 120_000);

  it('no pattern of the OpenAPI document backtracks super-linearly', async () => {
    const doc = await t.call('GET', '/api/docs/json');
    const found: Found[] = [];
    openApiPatterns(doc.body, '', found);
    const distinct = [...new Map(found.map((f) => [f.source, f])).values()];
    process.stdout.write(`OpenAPI patterns checked with recheck: ${distinct.length} distinct\n`);
    expect(distinct.length).toBeGreaterThan(0);
    expect(unsafe(distinct)).toEqual([]);
  }, 120_000);
});
