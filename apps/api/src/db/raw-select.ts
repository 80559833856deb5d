import { createHash } from 'node:crypto';
import {
  type AnyColumn,
  Column,
  fillPlaceholders,
  getTableColumns,
  is,
  type Placeholder,
  SQL,
  sql,
  Table,
} from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from './client.ts';

/** A Drizzle select built as usual (its SQL and its result type are used; Drizzle does not run it). */
type BuiltSelect = { toSQL(): { sql: string; params: unknown[] }; _: { result: unknown } };
type Decode = (value: unknown) => unknown;
type Slot = { key: string; column: string | null; decode: Decode | null };

/** An SQL expression's decoder (`.mapWith`; identity by default): Drizzle keeps it out of its public type. */
const decoderOf = (expression: SQL): Decode => {
  const { decoder } = expression as unknown as { decoder: { mapFromDriverValue: Decode } };
  return (value) => decoder.mapFromDriverValue(value);
};

/** Column types whose JSON form is what Drizzle returns: text, uuid, integers, booleans, enums. */
const AS_JSON = new Set([
  'PgText',
  'PgUUID',
  'PgInteger',
  'PgSmallInt',
  'PgSerial',
  'PgBoolean',
  'PgVarchar',
  'PgEnumColumn',
]);

/** How a column's JSON value becomes Drizzle's value; other column types are refused (see the consequences in 0012). */
function columnDecoder(column: Column, where: string): Decode | null {
  if (AS_JSON.has(column.columnType)) return null;
  // JSON has timestamptz as an ISO 8601 string with its offset; Drizzle gives a Date.
  if (column.columnType === 'PgTimestamp')
    return (value) => (value instanceof Date ? value : new Date(value as string));
  throw new Error(`rawSelect: ${where} is a ${column.columnType} column; select it with Drizzle itself`);
}

/**
 * The result slots of a selection, in the order Drizzle writes its columns: each key in turn, a table's columns in
 * their declared order. Flat selections and whole tables only (what the hot lists use).
 */
function slotsOf(fields: Record<string, unknown>): Slot[] {
  const slots: Slot[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (is(field, Table)) {
      for (const [column, def] of Object.entries(getTableColumns(field)))
        slots.push({ key, column, decode: columnDecoder(def, `${key}.${column}`) });
    } else if (is(field, Column)) slots.push({ key, column: null, decode: columnDecoder(field, key) });
    else if (is(field, SQL)) slots.push({ key, column: null, decode: decoderOf(field) });
    else if (is(field, SQL.Aliased)) slots.push({ key, column: null, decode: decoderOf(field.sql) });
    else throw new Error(`rawSelect: "${key}" is not a column, an SQL expression or a table`);
  }
  return slots;
}

type Compiled = { slots: Slot[]; wrap: (text: string) => string };
const compiledCache = new WeakMap<object, Compiled>();

function compiledOf(fields: Record<string, unknown>): Compiled {
  let compiled = compiledCache.get(fields);
  if (!compiled) {
    const slots = slotsOf(fields);
    const names = slots.map((_, i) => `c${i}`);
    const row = names.map((n) => `q.${n}`).join(', ');
    // The rows in their order as one JSON array of arrays (PostgreSQL documents that an aggregate over a sorted
    // subquery with nothing else at its level keeps that order); no rows gives '[]'.
    const head = `select coalesce(json_agg(json_build_array(${row})), '[]')::text from (`;
    const tail = `) as q(${names.join(', ')})`;
    compiled = { slots, wrap: (text) => `${head}${text}${tail}` };
    compiledCache.set(fields, compiled);
  }
  return compiled;
}

/**
 * Runs a Drizzle select and builds its rows without Drizzle's result mapping (which checks every cell's kind anew:
 * about 15 % of the 999-product list in `npm run bench`). On PGlite the rows come back as one JSON document instead
 * of a protocol message per row: PGlite spent 20 of its 26 ms on the 999-product list handing over the rows one by
 * one, and 8 ms as one JSON text. On PostgreSQL node-postgres reads rows fast and the JSON form only moved work into
 * the server, so there the rows come as arrays. Same rows, same types as Drizzle's either way (timestamps are Dates;
 * column types whose JSON form differs are refused); SQL expressions' own decoders (`.mapWith`) still apply. Whole
 * tables in the selection must be inner-joined (a left-joined table is not turned into null as Drizzle does).
 * `raw-select.test.ts` compares the rows with Drizzle's own on PGlite and PostgreSQL.
 *
 * `fields` is the object given to `select()`; what it gives is worked out once per object.
 */
export async function rawSelect<Q extends BuiltSelect>(
  database: Pick<Database, 'arrays' | 'kind'>,
  fields: Record<string, unknown>,
  query: Q,
): Promise<Q['_']['result']> {
  const { sql: text, params } = query.toSQL();
  return (await rowsOf(database, fields, { sql: text }, params)) as Q['_']['result'];
}

/**
 * A read whose SQL is built only once (building it is most of Drizzle's cost for a one-row read): `build` writes the
 * select with `sql.placeholder(name)` where the values go, on Drizzle's standalone query builder; each call fills
 * them in and runs it the rawSelect way. `keepPlan`: on PostgreSQL the statement is also prepared once per
 * connection under a name (its text is not sent and parsed again for every call, and after five runs the server keeps
 * a generic plan when it costs no more than the ones made for the values). For lookups by key or by a list of ids,
 * whose best plan does not depend on the values; not for a text search, whose plan does. `keepPlan: 'generic'`: the
 * generic plan from the first run on, also where the server's estimate for the values comes out lower (a list of ids
 * of unknown length is estimated high, so it planned anew on every call for a plan no better; docs/decisions/0090).
 */
export function preparedSelect<Q extends BuiltSelect, V extends Record<string, unknown>>(
  fields: Record<string, unknown>,
  build: (qb: QueryBuilder) => Q,
  options: { keepPlan?: boolean | 'generic' } = {},
): (database: Pick<Database, 'arrays' | 'kind'>, values: V) => Promise<Q['_']['result']> {
  let built: Built | undefined;
  return async (database, values) => {
    if (!built) {
      const { sql: text, params } = build(new QueryBuilder()).toSQL();
      built = kept(text, params, options.keepPlan ?? false);
    }
    return (await rowsOf(database, fields, built, fillPlaceholders(built.params, values))) as Q['_']['result'];
  };
}

/** A statement's text and parameters, and how the server keeps it (raw-select's `keepPlan`). */
type Built = { sql: string; params: unknown[]; name?: string; plan?: 'generic' };
const kept = (text: string, params: unknown[], keepPlan: boolean | 'generic'): Built => ({
  sql: text,
  params,
  ...(keepPlan ? { name: statementName(text) } : {}),
  ...(keepPlan === 'generic' ? { plan: 'generic' as const } : {}),
});

/**
 * preparedSelect for a read whose SQL takes a few shapes (which conditions apply, which order) with its values in
 * placeholders: each shape's SQL is built once, under the key the caller gives it.
 */
export function preparedSelectByShape(fields: Record<string, unknown>) {
  const byKey = new Map<string, ReturnType<typeof preparedSelect>>();
  return <Q extends BuiltSelect>(key: string, build: (qb: QueryBuilder) => Q) => {
    let run = byKey.get(key);
    if (!run) {
      run = preparedSelect(fields, build);
      byKey.set(key, run);
    }
    return run as (
      database: Pick<Database, 'arrays' | 'kind'>,
      values: Record<string, unknown>,
    ) => Promise<Q['_']['result']>;
  };
}

/** A name per statement text: the driver refuses one name for two texts on a connection. */
const statementName = (text: string) => `am_${createHash('sha1').update(text).digest('base64url')}`;

const dialect = new PgDialect();

/**
 * preparedSelectByShape for a statement written with sql`…` around Drizzle selects (a WITH before them, a UNION ALL
 * of them), its values in placeholders: each key's SQL is built once. `fields` lists its columns in order, as the
 * selects inside give them. `keepPlan` per call, as preparedSelect's (the same for every call of one key).
 */
export function preparedStatementByShape(fields: Record<string, unknown>) {
  const byKey = new Map<string, Built>();
  return async <Row>(
    database: Pick<Database, 'arrays' | 'kind'>,
    key: string,
    build: () => SQL,
    values: Record<string, unknown>,
    keepPlan: boolean | 'generic' = false,
  ): Promise<Row[]> => {
    let built = byKey.get(key);
    if (!built) {
      const { sql: text, params } = dialect.sqlToQuery(build());
      built = kept(text, params, keepPlan);
      byKey.set(key, built);
    }
    return (await rowsOf(database, fields, built, fillPlaceholders(built.params, values))) as Row[];
  };
}

async function rowsOf(
  database: Pick<Database, 'arrays' | 'kind'>,
  fields: Record<string, unknown>,
  statement: Pick<Built, 'sql' | 'name' | 'plan'>,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  const { slots, wrap } = compiledOf(fields);
  const { sql: text, name, plan } = statement;
  let rows: unknown[][];
  if (database.kind === 'pglite') {
    const [result] = await database.arrays(wrap(text), params);
    rows = JSON.parse(String(result?.[0] ?? '[]')) as unknown[][];
  } else rows = await (plan ? database.arrays(text, params, name, plan) : database.arrays(text, params, name));
  const width = slots.length;
  const out: Record<string, unknown>[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as unknown[];
    if (row.length !== width) throw new Error(`rawSelect: ${row.length} columns for ${width} fields`);
    const item: Record<string, unknown> = {};
    for (let i = 0; i < width; i++) {
      const slot = slots[i] as Slot;
      const raw = row[i];
      const value = raw === null || !slot.decode ? raw : slot.decode(raw);
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
export type ReadSource = Pick<Database, 'db' | 'arrays' | 'kind'> | DbOrTx;

export const isDatabase = (source: ReadSource): source is Pick<Database, 'db' | 'arrays' | 'kind'> =>
  'arrays' in source;

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
 * a new statement text for every length. `ids` is the array itself, or a placeholder for preparedSelect.
 */
export const isAnyOf = (column: AnyColumn, ids: readonly string[] | Placeholder): SQL =>
  sql`${column} = any(${Array.isArray(ids) ? sql.param(ids) : ids}::uuid[])`;
