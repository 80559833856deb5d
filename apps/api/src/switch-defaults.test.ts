import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const SOURCES = [
  'apps/api/src',
  'apps/api/scripts',
  'apps/web/src',
  'apps/web/scripts',
  'packages/contract/src',
  'e2e',
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'migrations'].includes(entry.name) ? [] : files(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown };

function walk(node: unknown, visit: (node: Node) => void) {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (node && typeof node === 'object' && typeof (node as Node).type === 'string') {
    visit(node as Node);
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'loc' && key !== 'leadingComments' && key !== 'trailingComments') walk(child, visit);
    }
  }
}

const callsAssertNever = (node: unknown): boolean => {
  let found = false;
  walk(node, (n) => {
    const callee = n.type === 'CallExpression' ? (n.callee as Node) : null;
    if (callee?.type === 'Identifier' && callee.name === 'assertNever') found = true;
  });
  return found;
};

/**
 * The `default` clauses that hide a forgotten case: a `default` must end in `assertNever(…)` (the compiler then
 * refuses a switch over a union that leaves a member out), or say in a comment starting `Open set:` why the value is
 * no union (an HTTP status, any string). A switch without `default` is checked by Biome's useExhaustiveSwitchCases.
 */
export function silentDefaults(source: string, name: string): string[] {
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: string[] = [];
  walk(ast.program, (node) => {
    if (node.type !== 'SwitchCase' || node.test !== null) return;
    const comments = (node.leadingComments as { value: string }[] | undefined) ?? [];
    if (comments.some((c) => c.value.trim().startsWith('Open set:'))) return;
    if (!callsAssertNever(node.consequent)) found.push(`${name}:${node.loc?.start.line}`);
  });
  return found;
}

/** Comparisons of a reservation status with a bare number (`status.code === 1`) instead of the contract's STATUS. */
export function magicStatuses(source: string, name: string): string[] {
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: string[] = [];
  // `….status.code`: a reservation's status as the API sends it (an HTTP status is `….status`, a number by nature).
  const isStatus = (n: Node) =>
    n.type === 'MemberExpression' &&
    (n.property as Node).name === 'code' &&
    (n.object as Node).type === 'MemberExpression' &&
    ((n.object as Node).property as Node).name === 'status';
  walk(ast.program, (node) => {
    if (node.type !== 'BinaryExpression' || !/^(===|!==|<|<=|>|>=)$/.test(String(node.operator))) return;
    const [left, right] = [node.left as Node, node.right as Node];
    if ((isStatus(left) && right.type === 'NumericLiteral') || (isStatus(right) && left.type === 'NumericLiteral')) {
      found.push(`${name}:${node.loc?.start.line}`);
    }
  });
  return found;
}

describe('exhaustive switches and named statuses (docs/decisions/0025)', () => {
  it('every default of a switch in api, web, contract and e2e ends in assertNever or names its open set', () => {
    const found = SOURCES.flatMap((dir) =>
      files(path.join(root, dir)).flatMap((file) =>
        silentDefaults(readFileSync(file, 'utf8'), path.relative(root, file)),
      ),
    );
    expect(found).toEqual([]);
  });

  it('no web component compares a status with a bare number', () => {
    const found = files(path.join(root, 'apps/web/src'))
      .filter((file) => !file.endsWith('.test.tsx') && !file.endsWith('.test.ts'))
      .flatMap((file) => magicStatuses(readFileSync(file, 'utf8'), path.relative(root, file)));
    expect(found).toEqual([]);
  });

  it('finds a silent default and a magic status, and lets the honest ones pass', () => {
    const source = [
      "type T = 'a' | 'b';",
      'function silent(t: T) { switch (t) { case "a": return 1; default: return 0; } }',
      'function checked(t: T) { switch (t) { case "a": return 1; default: return assertNever(t); } }',
      'function open(n: number) { switch (n) { case 1: return 1;\n // Open set: any number.\n default: return 0; } }',
      'const locked = (r: { status: { code: number } }) => r.status.code === 1;',
      'const named = (r: { status: { code: number } }) => r.status.code === STATUS.rejected;',
      'const rows = (list: unknown[]) => list.length === 0;',
    ].join('\n');
    expect(silentDefaults(source, 'x.ts')).toEqual(['x.ts:2']);
    expect(magicStatuses(source, 'x.ts')).toEqual(['x.ts:7']);
  });
});
