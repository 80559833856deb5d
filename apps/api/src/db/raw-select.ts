import { type AnyColumn, Column, fillPlaceholders, getTableColumns, is, SQL, sql, Table } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from './client.ts';

/** A Drizzle select built as usual (its SQL and its result type are used; Drizzle does not run it). */
type BuiltSelect = { toSQL(): { sql: string; params: unknown[] }; _: { result: unknown } };
type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Slot = { key: string; column: string | null; decoder: Decoder | null };

/** An SQL expression's decoder (`.mapWith`; identity by default): Drizzle keeps it out of its public type. */
const decoderOf = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

/**
 * The result slots of a selection, in the order Drizzle writes its columns: each key in turn, a table's columns in
 * their declared order. Flat selections and whole tables only (what the hot lists use).
 */
function slotsOf(fields: Record<string, unknown>): Slot[] {
  const slots: Slot[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (is(field, Table)) {
      for (const column of Object.keys(getTableColumns(field))) slots.push({ key, column, decoder: null });
    } else if (is(field, Column)) slots.push({ key, column: null, decoder: null });
    else if (is(field, SQL)) slots.push({ key, column: null, decoder: decoderOf(field) });
    else if (is(field, SQL.Aliased)) slots.push({ key, column: null, decoder: decoderOf(field.sql) });
    else throw new Error(`rawSelect: "${key}" is not a column, an SQL expression or a table`);
  }
  return slots;
}

const slotCache = new WeakMap<object, Slot[]>();

/**
 * Runs a Drizzle select through the driver and builds its rows without Drizzle's result mapping, which checks every
 * cell's kind anew (in `npm run bench` that mapping was about 15 % of the 999-product list). Same rows, same types:
 * the driver already parses what these queries select (text, uuid, integer, boolean, timestamptz); SQL expressions'
 * own decoders (`.mapWith`) still apply. Whole tables in the selection must be inner-joined (a left-joined table is
 * not turned into null as Drizzle does). `raw-select.test.ts` compares the rows with Drizzle's own.
 *
 * `fields` is the object given to `select()`; the slots it gives are computed once per object.
 */
export async function rawSelect<Q extends BuiltSelect>(
  database: Pick<Database, 'arrays'>,
  fields: Record<string, unknown>,
  query: Q,
): Promise<Q['_']['result']> {
  const { sql: text, params } = query.toSQL();
  return (await rowsOf(database, fields, text, params)) as Q['_']['result'];
}

/**
 * A read whose SQL is built only once (building it is most of Drizzle's cost for a one-row read): `build` writes the
 * select with `sql.placeholder(name)` where the values go, on Drizzle's standalone query builder; each call fills
 * them in and runs it the rawSelect way.
 */
export function preparedSelect<Q extends BuiltSelect, V extends Record<string, unknown>>(
  fields: Record<string, unknown>,
  build: (qb: QueryBuilder) => Q,
): (database: Pick<Database, 'arrays'>, values: V) => Promise<Q['_']['result']> {
  let compiled: { sql: string; params: unknown[] } | undefined;
  return async (database, values) => {
    compiled ??= build(new QueryBuilder()).toSQL();
    return (await rowsOf(
      database,
      fields,
      compiled.sql,
      fillPlaceholders(compiled.params, values),
    )) as Q['_']['result'];
  };
}

async function rowsOf(
  database: Pick<Database, 'arrays'>,
  fields: Record<string, unknown>,
  text: string,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  let slots = slotCache.get(fields);
  if (!slots) {
    slots = slotsOf(fields);
    slotCache.set(fields, slots);
  }
  const rows = await database.arrays(text, params);
  const width = slots.length;
  const out: Record<string, unknown>[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as unknown[];
    if (row.length !== width) throw new Error(`rawSelect: ${row.length} columns for ${width} fields`);
    const item: Record<string, unknown> = {};
    for (let i = 0; i < width; i++) {
      const slot = slots[i] as Slot;
      const raw = row[i];
      const value = raw === null || !slot.decoder ? raw : slot.decoder.mapFromDriverValue(raw);
      if (slot.column === null) item[slot.key] = value;
      else {
        let table = item[slot.key] as Record<string, unknown> | undefined;
        if (!table) {
          table = {};
          item[slot.key] = table;
        }
        table[slot.column] = value;
      }
    }
    out[r] = item;
  }
  return out;
}

/** Where a read runs: the database itself (the fast path above) or a Drizzle handle such as a transaction. */
export type ReadSource = Pick<Database, 'db' | 'arrays'> | DbOrTx;

export const isDatabase = (source: ReadSource): source is Pick<Database, 'db' | 'arrays'> => 'arrays' in source;

/** The Drizzle handle to build a read's query with. */
export const drizzleOf = (source: ReadSource): DbOrTx => (isDatabase(source) ? source.db : source);

/**
 * Runs a select built on `drizzleOf(source)`: through `rawSelect` on the database, by Drizzle itself in a
 * transaction (so the read sees the transaction's own writes and locks).
 */
export async function selectRows<Q extends BuiltSelect & PromiseLike<Q['_']['result']>>(
  source: ReadSource,
  fields: Record<string, unknown>,
  query: Q,
): Promise<Q['_']['result']> {
  return isDatabase(source) ? rawSelect(source, fields, query) : await query;
}

/**
 * `column = any($1::uuid[])`: one array parameter instead of Drizzle's `in ($1, $2, …)`, which puts every id in a
 * parameter of its own (a whole list of 50,000 reservations comes near PostgreSQL's 65,535-parameter limit) and makes
 * a new statement text for every length.
 */
export const isAnyOf = (column: AnyColumn, ids: readonly string[]): SQL =>
  sql`${column} = any(${sql.param(ids)}::uuid[])`;
