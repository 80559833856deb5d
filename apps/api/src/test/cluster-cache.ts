import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * PGlite clusters that do not depend on the moment they are made, kept between test runs in `.tmp/test-clusters/`
 * (git-ignored) as tars of their data directory: a new cluster (initdb, in WebAssembly, about half of what the global
 * set-up cost) and the migrated one (snapshot.ts). Each file is named by a hash of everything it is made from: PGlite's
 * version, the initdb arguments, and for the migrated one every file of `src/db` (migrations, schema, the migrator) and
 * of the code that makes it. A change to any of them names another file, which the next run makes anew (a fresh clone
 * makes every one on its first run); older files of the same kind are then removed. The seeded demo data is not kept:
 * it dates itself relative to the moment it is seeded.
 */
const CLUSTER_CACHE_DIR = path.resolve(import.meta.dirname, '../../../../.tmp/test-clusters');

const require = createRequire(import.meta.url);
const DB_DIR = path.resolve(import.meta.dirname, '../db');

/** The files a cluster is made from, as what their hash covers: every file below `dir`, tests left out. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** A hash of PGlite's version, the given strings and the given files' paths and contents. */
export function clusterKey(parts: string[], files: string[] = []): string {
  const hash = createHash('sha256');
  // PGlite's package.json names its version (and with it Postgres's and the data directory's format).
  const pglite = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(readFileSync(pglite));
  for (const part of parts) hash.update(`\0${part}`);
  for (const file of files) {
    hash.update(`\0${path.relative(DB_DIR, file)}\0`);
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The key of the migrated test cluster: the initdb arguments, `src/db`'s files and the code that makes it. */
export function migratedClusterKey(initdb: string[], makers: string[]): string {
  return clusterKey([`migrated ${JSON.stringify(initdb)}`], [...filesBelow(DB_DIR), ...makers]);
}

/**
 * The tar of `kind` under `key` from the cache, or made by `make` and kept there (written whole under another name,
 * then renamed, so a run beside this one never reads half a file). A file of the same kind under another key is
 * removed: it was made from sources that are no longer these.
 */
export async function cachedCluster(kind: string, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(CLUSTER_CACHE_DIR, `${kind}-${key}.tar`);
  try {
    return readFileSync(file);
  } catch {
    // not made yet
  }
  const tar = await make();
  mkdirSync(CLUSTER_CACHE_DIR, { recursive: true });
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  writeFileSync(partial, tar);
  renameSync(partial, file);
  for (const name of readdirSync(CLUSTER_CACHE_DIR)) {
    if (name.startsWith(`${kind}-`) && name !== path.basename(file) && !name.endsWith('.partial')) {
      rmSync(path.join(CLUSTER_CACHE_DIR, name), { force: true });
    }
  }
  return tar;
}

/** Forgets a kept cluster that did not open (a truncated or damaged file): the next call makes it anew. */
export function forgetCluster(kind: string, key: string): void {
  rmSync(path.join(CLUSTER_CACHE_DIR, `${kind}-${key}.tar`), { force: true });
}

/** This file, part of what the migrated cluster's key covers (how the cache is kept and named). */
export const CLUSTER_CACHE_SOURCE = fileURLToPath(import.meta.url);
