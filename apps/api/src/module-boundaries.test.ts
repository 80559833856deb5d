import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';
import { lintProbes, type Probe } from '../../../scripts/lint-probes.ts';

const src = import.meta.dirname;

/**
 * Every .ts file under `dir` but tests and their support (`test/`, `*-fixtures.ts`): they may use anything, the server
 * never loads them.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' || entry.name === 'test' ? [] : sourceFiles(full);
    return /(?<!\.test|fixtures)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The relative paths a file imports or re-exports, type-only ones included (found by parsing, not by pattern). */
function importsOf(file: string): string[] {
  const ast = parse(readFileSync(file, 'utf8'), { sourceType: 'module', plugins: ['typescript'] });
  const found: string[] = [];
  for (const node of ast.program.body) {
    if (
      (node.type === 'ImportDeclaration' ||
        node.type === 'ExportNamedDeclaration' ||
        node.type === 'ExportAllDeclaration') &&
      node.source?.value.startsWith('.')
    ) {
      found.push(node.source.value);
    }
  }
  return found;
}

/** The shared layer every module builds on; its folders may use each other, but never a module. */
const SHARED = new Set(['lib', 'db', 'plugins', 'context.ts', 'config.ts']);

/**
 * The unit a cycle is between: `modules/<name>` for a module's file, `shared` for the layer under the modules, else
 * the first folder (or file) under src/ (seed, ops, app.ts, server.ts: above the modules).
 */
export function unitOf(relative: string): string {
  const parts = relative.split(path.sep);
  const top = parts[0] ?? relative;
  if (top === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return SHARED.has(top) ? 'shared' : top;
}

/** The graph of units: an edge for every import from one unit into another. */
export function unitGraph(root: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(root)) {
    const from = unitOf(path.relative(root, file));
    for (const spec of importsOf(file)) {
      const to = unitOf(path.relative(root, path.resolve(path.dirname(file), spec)));
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${path.relative(root, file)} → ${spec}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/**
 * The cycles of the graph: each strongly connected group of two or more units (Tarjan), written as its units and
 * the imports between them, so the failure says which import to change.
 */
export function cyclesOf(graph: Map<string, Map<string, string>>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit) ?? 0);
    stack.push(unit);
    for (const next of graph.get(unit)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(unit, Math.min(low.get(unit) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member) group.push(member);
      } while (member && member !== unit);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  return groups.map((group) =>
    group
      .flatMap((from) =>
        [...(graph.get(from) ?? [])]
          .filter(([to]) => group.includes(to))
          .map(([to, via]) => `${from} → ${to} (${via})`),
      )
      .join('; '),
  );
}

describe('import graph of the API', () => {
  it('has no cycle between modules, nor through the shared layer (lib, db, plugins) or seed/ (docs/decisions/0025)', () => {
    expect(cyclesOf(unitGraph(src))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['modules/a', new Map([['modules/b', 'a.ts → ../b/index.ts']])],
      ['modules/b', new Map([['lib', 'b.ts → ../../lib/x.ts']])],
      ['lib', new Map([['modules/a', 'x.ts → ../modules/a/index.ts']])],
      ['modules/c', new Map([['modules/a', 'c.ts → ../a/index.ts']])],
    ]);
    expect(cyclesOf(graph)).toEqual([
      'lib → modules/a (x.ts → ../modules/a/index.ts); modules/a → modules/b (a.ts → ../b/index.ts); ' +
        'modules/b → lib (b.ts → ../../lib/x.ts)',
    ]);
  });
});

/**
 * The import rules of docs/decisions/0025 are Biome rules (biome.json, overrides): this proves they bite. Probe files
 * with one import each are written into the tree, linted with the project's own configuration, and removed.
 */
describe('import boundaries of the API', () => {
  it('refuse a deep import into another module (into its sub-folders too), and lib/, db/ or plugins/ importing a module; allow the rest', () => {
    const probes: Probe[] = [
      ['modules/products/zz-probe-1.ts', '../users/users.service.ts', true],
      ['modules/shop/zz-probe-2.ts', '../../modules/images/images.service.ts', true],
      ['modules/users/zz-probe-3.ts', '../auth/sessions.ts', true],
      ['lib/zz-probe-4.ts', '../modules/auth/index.ts', true],
      ['plugins/zz-probe-5.ts', '../modules/users/users.service.ts', true],
      ['db/zz-probe-6.ts', '../modules/images/index.ts', true],
      ['modules/exports/zz-probe-7.ts', '../users/index.ts', false],
      ['modules/products/zz-probe-8.ts', './products.service.ts', false],
      ['modules/products/zz-probe-9.ts', '../../lib/app-error.ts', false],
      ['zz-probe-10.ts', './modules/auth/sessions.ts', false],
      // A module in sub-folders: its files use each other across them; another module reaches none of them.
      ['modules/shop/zz-probe-11.ts', '../reservations/transitions/stock.ts', true],
      ['modules/reservations/payments/zz-probe-12.ts', '../../shop/shop-orders.service.ts', true],
      ['modules/reservations/payments/zz-probe-13.ts', '../transitions/stock.ts', false],
      ['modules/reservations/payments/zz-probe-14.ts', '../../settings/index.ts', false],
    ];
    const { refused, output } = lintProbes(src, probes);
    for (const [file, , expected] of probes)
      expect(refused.get(file), `${file}: ${expected ? 'refused' : 'allowed'}\n${output}`).toBe(expected);
  }, 60_000);

  it('name every module in biome.json, so a new module is bounded too', () => {
    const config = readFileSync(path.resolve(src, '../../../biome.json'), 'utf8');
    const modules = readdirSync(path.join(src, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory());
    const missing = modules
      .map((m) => m.name)
      .filter((name) => !config.includes(`"**/../${name}/**"`) || !config.includes(`"!**/modules/${name}/index.ts"`));
    expect(missing).toEqual([]);
  });
});
