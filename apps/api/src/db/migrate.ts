/**
 * Our migration runner (docs/decisions/0041-operations-faults.md), in place of Drizzle's migrator on both databases.
 *
 * Drizzle's migrator applies only the journal entries whose `when` is later than the newest one recorded. Merged
 * branches break that: main at 58d6438 had 0014_email_notifications (when 1795990000000) but not yet
 * 0013_reservation_events (when 1795491697444, merged next in 2045e54), so a database made at 58d6438 and upgraded
 * had 0013 skipped, and reported success without the events table. This runner applies, in journal order, every
 * entry whose file (its sha256, as Drizzle records it in drizzle.__drizzle_migrations) has not been applied: for a
 * database Drizzle migrated in order that is exactly what Drizzle would do, and the skipped ones of a merged branch
 * are applied too. It keeps Drizzle's table, so a database made by any landed commit is read as it is.
 *
 * After it, `schemaDifferences` compares the database with what the migrations make of a new one (the newest
 * drizzle-kit snapshot: every table, column and index): the server refuses to start on a difference, naming it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type MigrationSession, statementsOf } from './legacy-migrations.ts';

type Journal = { entries: { idx: number; when: number; tag: string }[] };
export type Migration = { tag: string; when: number; hash: string; statements: string[] };

/** The folder's migrations in journal order, each with Drizzle's hash of its file. */
export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
  return journal.entries.map(({ tag, when }) => {
    const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    return { tag, when, hash: createHash('sha256').update(text).digest('hex'), statements: statementsOf(text) };
  });
}

/**
 * Migration files rewritten after a landed commit had applied them: the old file's hash, the migration that replaces
 * it, and the statements that turn the old result into the new one. b6a899c's 0003_reservations made
 * reservation_products' product foreign key ON DELETE restrict; ccc1ca5 rewrote it to no action (and gave it a new
 * `when`, so Drizzle's migrator failed on such a database with 'reservation_order_number_seq already exists').
 */
const SUPERSEDED: { hash: string; by: string; repair: string[] }[] = [
  {
    hash: '55c75c167f41cd8de91eb0bdc3069c432163616f1f24570ec398ce4f25194ee6',
    by: '0003_reservations',
    repair: [
      'ALTER TABLE "reservation_products" DROP CONSTRAINT "reservation_products_product_id_products_id_fk"',
      `ALTER TABLE "reservation_products" ADD CONSTRAINT "reservation_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action`,
    ],
  },
];

/**
 * Applies every migration not yet applied (by hash), in journal order, in one transaction; a superseded file's
 * result is first repaired into its replacement's. Returns the tags it applied or repaired.
 */
export async function migrateByHash(session: MigrationSession, folder: string): Promise<string[]> {
  const migrations = readMigrations(folder);
  await session.exec('CREATE SCHEMA IF NOT EXISTS drizzle');
  await session.exec(
    'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  );
  const applied = new Set(
    (await session.rows<{ hash: string }>('SELECT hash FROM drizzle.__drizzle_migrations')).map((r) => r.hash),
  );
  const repairs = SUPERSEDED.flatMap((old) => {
    const by = migrations.find((m) => m.tag === old.by);
    return by && applied.has(old.hash) && !applied.has(by.hash) ? [{ ...old, migration: by }] : [];
  });
  for (const { migration } of repairs) applied.add(migration.hash);
  const pending = migrations.filter((m) => !applied.has(m.hash));
  if (pending.length === 0 && repairs.length === 0) return [];
  await session.exec('BEGIN');
  try {
    for (const { repair, migration: m } of repairs) {
      for (const statement of repair) await session.exec(statement);
      await session.exec(
        `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${m.hash}', ${Number(m.when)})`,
      );
    }
    for (const m of pending) {
      for (const statement of m.statements) await session.exec(statement);
      await session.exec(
        `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('${m.hash}', ${Number(m.when)})`,
      );
    }
    await session.exec('COMMIT');
  } catch (error) {
    await session.exec('ROLLBACK');
    const failed = error as Error;
    throw new Error(`migratie mislukt, niets toegepast (${pending.map((m) => m.tag).join(', ')}): ${failed.message}`, {
      cause: error,
    });
  }
  return [...repairs.map((r) => `${r.by} (hersteld)`), ...pending.map((m) => m.tag)];
}

type Snapshot = {
  tables: Record<
    string,
    {
      name: string;
      schema: string;
      columns: Record<string, { name: string; type: string; notNull: boolean }>;
      indexes: Record<string, { name: string }>;
    }
  >;
};

/** What the migrations make of a new database, from drizzle-kit's snapshot of the newest migration. */
export function expectedSchema(folder: string): { columns: Map<string, string>; indexes: Set<string> } {
  const migrations = readMigrations(folder);
  const last = migrations.at(-1);
  const file = last && path.join(folder, 'meta', `${last.tag.slice(0, 4)}_snapshot.json`);
  if (!file || !existsSync(file)) throw new Error(`geen snapshot van de nieuwste migratie in ${folder}/meta`);
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const columns = new Map<string, string>();
  const indexes = new Set<string>();
  for (const table of Object.values(snapshot.tables)) {
    if (table.schema && table.schema !== 'public') continue;
    columns.set(table.name, '');
    for (const column of Object.values(table.columns)) {
      columns.set(`${table.name}.${column.name}`, `${column.notNull ? 'not null' : 'null'}`);
    }
    for (const index of Object.values(table.indexes)) indexes.add(index.name);
  }
  return { columns, indexes };
}

/**
 * How the database's schema differs from a new one's (empty when it does not): tables, columns (and whether they
 * may be null) and indexes of the newest snapshot that are missing or different, in Dutch for the operator.
 */
export async function schemaDifferences(session: MigrationSession, folder: string): Promise<string[]> {
  const expected = expectedSchema(folder);
  const columns = await session.rows<{ table_name: string; column_name: string | null; is_nullable: string | null }>(
    `SELECT t.table_name, c.column_name, c.is_nullable
       FROM information_schema.tables t
       LEFT JOIN information_schema.columns c ON c.table_schema = t.table_schema AND c.table_name = t.table_name
      WHERE t.table_schema = 'public'`,
  );
  const actual = new Map<string, string>();
  for (const row of columns) {
    actual.set(row.table_name, '');
    if (row.column_name)
      actual.set(`${row.table_name}.${row.column_name}`, row.is_nullable === 'NO' ? 'not null' : 'null');
  }
  const indexes = new Set(
    (await session.rows<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).map(
      (r) => r.indexname,
    ),
  );
  const differences: string[] = [];
  for (const [name, nullability] of expected.columns) {
    const found = actual.get(name);
    const what = name.includes('.') ? 'kolom' : 'tabel';
    if (found === undefined) differences.push(`${what} ${name} ontbreekt`);
    else if (found !== nullability) differences.push(`kolom ${name} is ${found}, moet ${nullability} zijn`);
  }
  for (const name of expected.indexes) if (!indexes.has(name)) differences.push(`index ${name} ontbreekt`);
  return differences;
}

export class SchemaMismatchError extends Error {
  constructor(readonly differences: string[]) {
    super(
      `De database wijkt na de migraties af van een nieuwe database: ${differences.join('; ')}. ` +
        'De server start niet, zodat er niets verloren gaat: zet een backup terug of herstel het schema ' +
        '(docs/operations.md, Upgraden).',
    );
    this.name = 'SchemaMismatchError';
  }
}
