/**
 * Databases made by landed commits whose migration history was later rewritten (docs/decisions/0013).
 *
 * Drizzle's migrator applies every journal entry whose `when` is later than the newest applied one. The merge of
 * scale-out and list ETags renumbered migrations: a database of the list-ETag line (commits 0bee417 … 63cbc47, cd62e88
 * among them) has applied `0006_data_versions`, `0007_data_version_triggers` and `0008_products_shop_order`, whose
 * timestamps lie after today's `0006_scale_out`. Left to Drizzle it would skip `0006_scale_out` and fail on
 * `0007_list_etags` ('relation data_version_seq already exists'). Before Drizzle runs, such a database is brought to
 * exactly the state of today's 0007 — 0006 applied as written, 0007 applied idempotently (objects it already has are
 * kept, functions replaced by today's text) — and both are recorded, so Drizzle goes on from 0008.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** sha256 of the migration files of the rewritten line, as Drizzle recorded them. */
export const LIST_ETAG_LINE_HASHES: ReadonlySet<string> = new Set([
  // 0006_data_versions.sql
  '96ca6a6679969a3592698ad1e8fc04b513b89b1bcc173bbbe5f67175d4599d82',
  // 0007_data_version_triggers.sql, first and second text
  '6be8eef6180a04a88357a3a99ee4f61531f6cd59e7e118288a35ce1e3326b69f',
  '04812a49abcf9c0402ad26961ec2b0e0fba7a5a6f9fee6a7551fcf47f0d58d9d',
  // 0008_products_shop_order.sql
  '67e68bb3a76f5f9c634eb0585bdfb85eeb81b0bf0641ec01472f4e2d41a80d13',
]);

type Journal = { entries: { idx: number; when: number; tag: string }[] };
type Migration = { tag: string; when: number; text: string; hash: string };

/** What a reconciliation needs of the database: run statements and read rows, on PGlite or PostgreSQL alike. */
export type MigrationSession = {
  exec: (text: string) => Promise<void>;
  rows: <T>(text: string) => Promise<T[]>;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function readMigration(folder: string, journal: Journal, tag: string): Promise<Migration> {
  const entry = journal.entries.find((e) => e.tag === tag);
  if (!entry) throw new Error(`migration ${tag} is not in the journal`);
  const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
  return { tag, when: entry.when, text, hash: sha256(text) };
}

/** Drizzle's statements of one migration file. */
export function statementsOf(text: string): string[] {
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s.replace(/^--.*$/gm, '').trim() !== '');
}

/** The same statement, harmless when its object already exists (and functions and triggers take today's text). */
export function idempotent(statement: string): string {
  const body = statement.replace(/^(--.*\n)+/, '');
  const rules: [RegExp, string][] = [
    [/^CREATE SEQUENCE /i, 'CREATE SEQUENCE IF NOT EXISTS '],
    [/^CREATE TABLE /i, 'CREATE TABLE IF NOT EXISTS '],
    [/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS '],
    [/^CREATE UNIQUE INDEX /i, 'CREATE UNIQUE INDEX IF NOT EXISTS '],
    [/^CREATE FUNCTION /i, 'CREATE OR REPLACE FUNCTION '],
    [/^CREATE TRIGGER /i, 'CREATE OR REPLACE TRIGGER '],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(body)) return body.replace(pattern, replacement);
  }
  throw new Error(`no idempotent form for: ${body.slice(0, 80)}`);
}

/**
 * Brings a database of the rewritten list-ETag line to today's history (see the module comment). Does nothing on a
 * new database or one of today's line. Returns what it did, for the log.
 */
export async function reconcileLegacyHistory(session: MigrationSession, folder: string): Promise<string | null> {
  const [table] = await session.rows<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!table?.present) return null;
  const applied = new Set(
    (await session.rows<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations')).map((r) => r.hash),
  );
  if (![...applied].some((hash) => LIST_ETAG_LINE_HASHES.has(hash))) return null;

  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
  const scaleOut = await readMigration(folder, journal, '0006_scale_out');
  const listEtags = await readMigration(folder, journal, '0007_list_etags');
  if (applied.has(listEtags.hash)) return null;

  await session.exec('BEGIN');
  try {
    if (!applied.has(scaleOut.hash)) {
      for (const statement of statementsOf(scaleOut.text)) await session.exec(statement);
    }
    for (const statement of statementsOf(listEtags.text)) await session.exec(idempotent(statement));
    for (const m of [scaleOut, listEtags]) {
      if (applied.has(m.hash)) continue;
      await session.exec(
        `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${m.hash}', ${Number(m.when)})`,
      );
    }
    await session.exec('COMMIT');
  } catch (error) {
    await session.exec('ROLLBACK');
    throw error;
  }
  return 'database of the list-ETag line brought to migration 0007_list_etags';
}
