/**
 * Finds API paths written by hand in the web app's features: every call goes through the contract's endpoint table
 * (`api(endpoints.getUser, { params: { id } })`, docs/decisions/0023-endpoint-table.md), so a string that looks like
 * one of its paths, or a call of the client's path-taking `request`/`download`, is a path written twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_BASE, endpoints } from '@ateliermarkt/contract';

/** The first segments of the table's paths: `identity`, `reservations`, `shop`, ... */
const SEGMENTS = [...new Set(Object.values(endpoints).map((entry) => entry.path.split('/')[1] ?? ''))].filter(Boolean);
const ALTERNATIVES = SEGMENTS.join('|');
/** `/api…` anywhere: the server's prefix. */
const API_PREFIX = new RegExp(`^${API_BASE}(/|$)`);
/**
 * In a feature's `api/` folder also `/identity…` (a slash before), `identity/…` or `identity?…` (a bare word is a
 * query key). Elsewhere `/pages` and the like are the web app's own screens.
 */
const API_PATH = new RegExp(`^(${API_BASE}(/|$)|/(${ALTERNATIVES})([/?]|$)|(${ALTERNATIVES})[/?])`);
/** A quoted string on one line, or a template literal (whose parts between `${…}` are checked one by one). */
const LITERAL = /'((?:\\.|[^'\\\n])*)'|"((?:\\.|[^"\\\n])*)"|`((?:\\.|[^`\\])*)`/g;
const PATH_CALL = /\bapiClient\s*\.\s*(request|download)\s*\(/g;

export type Finding = { file: string; line: number; text: string };

/**
 * The literal API paths and path-taking client calls (`apiClient.request`, `apiClient.download`) in a source; `file`
 * is its path below `features/`, which says whether it is an `api/` module.
 */
export function findInSource(file: string, source: string): Finding[] {
  const pattern = /(^|\/)api\//.test(file) ? API_PATH : API_PREFIX;
  const found: { index: number; text: string }[] = [];
  for (const match of source.matchAll(LITERAL)) {
    const parts = match[3] !== undefined ? match[3].split(/\$\{[^}]*\}/) : [match[1] ?? match[2] ?? ''];
    for (const part of parts) if (pattern.test(part)) found.push({ index: match.index, text: part });
  }
  for (const match of source.matchAll(PATH_CALL)) found.push({ index: match.index, text: `apiClient.${match[1]}` });
  const lineOf = (index: number) => source.slice(0, index).split('\n').length;
  return found
    .map(({ index, text }) => ({ file, line: lineOf(index), text }))
    .sort((a, b) => a.line - b.line || a.text.localeCompare(b.text));
}

/** Every finding under `dir`, in its .ts and .tsx files (tests may name the URLs they expect). */
export function findLiteralApiPaths(dir: string): Finding[] {
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  return files.flatMap((file) => findInSource(file, readFileSync(join(dir, file), 'utf8')));
}
