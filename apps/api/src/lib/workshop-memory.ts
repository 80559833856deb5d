/**
 * Figures remembered per workshop and data version (docs/decisions/0077). A workshop's own data version (the sum of
 * its rows in `data_versions`, without the shared data's) goes up in the writing transaction of every change to its
 * tenant's rows (migrations 0007 and 0033) and never goes down, so a figure added up after reading version V is
 * still right while the version reads V. The super admin's figures over every workshop are the union of the
 * workshops' own: after a write in one workshop only that workshop is added up again, not the whole marketplace.
 *
 * A figure that also depends on the time (a deadline that runs out) is remembered with the period in which it is
 * known not to change (`from`–`until`, the database's clock in milliseconds); outside it it is added up again.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { dataVersions, tenants } from '../db/schema/index.ts';

export type WorkshopVersions = {
  /** Per workshop (tenant id): its own data version; '0' before its first write. */
  versions: Map<string, string>;
  /** The database's clock when the versions were read, in milliseconds since 1970. */
  at: number;
  /** The versions are every workshop's (the super admin's scope), not one workshop's. */
  every: boolean;
};

/** The database's clock in milliseconds since 1970, as an SQL expression (float8: microseconds kept). */
export const DB_NOW_MS = sql<number>`(extract(epoch from now()) * 1000)::float8`.mapWith(Number);

/** The own data version of one workshop, or (`null`) of every workshop, with the database's clock. */
export async function workshopVersions(database: Database, workshopId: string | null): Promise<WorkshopVersions> {
  const rows = await database.db
    .select({
      id: sql<string>`${tenants.id}::text`,
      version: sql<string>`coalesce(sum(${dataVersions.version}), 0)::text`,
      at: DB_NOW_MS,
    })
    .from(tenants)
    .leftJoin(dataVersions, sql`${dataVersions.tenantId} = ${tenants.id}`)
    .where(workshopId ? sql`${tenants.id} = ${workshopId}` : undefined)
    .groupBy(tenants.id);
  return {
    versions: new Map(rows.map((row) => [row.id, row.version])),
    at: rows[0]?.at ?? Number.NaN,
    every: workshopId === null,
  };
}

/** What a computation gives per workshop: its figure, and for a time-dependent one the period it holds. */
export type Computed<T> = { value: T; from?: number; until?: number };
type Entry<T> = Computed<T> & { version: string };

/** Per database: per kind of figure (`key`), per workshop, the figure and the version it was read at. */
const memory = new WeakMap<object, Map<string, Map<string, Entry<unknown>>>>();
/** Kinds of figures remembered per database (months, settings); the oldest goes first. */
const KINDS_MAX = 256;

function entriesOf<T>(database: Database, key: string): Map<string, Entry<T>> {
  let kinds = memory.get(database.db);
  if (!kinds) {
    kinds = new Map();
    memory.set(database.db, kinds);
  }
  let entries = kinds.get(key);
  if (entries) kinds.delete(key);
  else entries = new Map();
  kinds.set(key, entries);
  if (kinds.size > KINDS_MAX) kinds.delete(kinds.keys().next().value as string);
  return entries as Map<string, Entry<T>>;
}

/**
 * Per database, kind of figure and workshop: the computation in flight and the version it was asked at. Calls that
 * find the same workshop stale at the same version (ten dashboards right after one write) wait for one computation
 * instead of each adding the same figures up again.
 */
const inFlight = new WeakMap<
  object,
  Map<string, Map<string, { version: string; figure: Promise<Computed<unknown>> }>>
>();

function inFlightOf<T>(database: Database, key: string) {
  let kinds = inFlight.get(database.db);
  if (!kinds) {
    kinds = new Map();
    inFlight.set(database.db, kinds);
  }
  let running = kinds.get(key);
  if (!running) {
    running = new Map();
    kinds.set(key, running);
  }
  return running as Map<string, { version: string; figure: Promise<Computed<T>> }>;
}

/**
 * The figure of each workshop in `versions`: the remembered one where it was read at the workshop's present version
 * (and, if it depends on the time, `versions.at` lies in its period), the others from `compute`, which gets the
 * workshops to add up (`null`: every workshop, when the scope is every workshop and none is remembered) and answers per workshop it has a figure for;
 * a workshop it leaves out gets `empty`. `compute` runs after the versions were read, so what it adds up is never
 * older than them.
 *
 * A workshop already being added up at the same version (by a call that read that version before this one) is not
 * added up twice: this call takes that computation's figure. The versions only grow and both calls read the same one,
 * so no write in that workshop committed between the other call's reading and this call's: the figure is as new as
 * this call's own would be. A time-dependent figure whose period does not hold `versions.at` is added up again.
 */
export async function rememberedPerWorkshop<T>(
  database: Database,
  key: string,
  { versions, at, every }: WorkshopVersions,
  empty: Computed<T>,
  compute: (workshopIds: string[] | null) => Promise<{ rows: Map<string, Computed<T>> }>,
): Promise<Map<string, T>> {
  const entries = entriesOf<T>(database, key);
  const running = inFlightOf<T>(database, key);
  const holds = (figure: Computed<T>) =>
    (figure.from === undefined || figure.from <= at) && (figure.until === undefined || at <= figure.until);
  const fresh = (entry: Entry<T> | undefined, version: string): entry is Entry<T> =>
    entry !== undefined && entry.version === version && holds(entry);
  const stale = [...versions].filter(([id, version]) => !fresh(entries.get(id), version)).map(([id]) => id);
  const joined = stale.filter((id) => running.get(id)?.version === versions.get(id));
  const own = stale.filter((id) => !joined.includes(id));
  const figures = new Map<string, Computed<T>>();
  const addUp = async (ids: string[]) => {
    if (!ids.length) return;
    const batch = compute(every && ids.length === versions.size ? null : ids).then(({ rows }) => rows);
    const mine = ids.map((id) => {
      const version = versions.get(id) ?? '0';
      const figure = batch.then((rows) => rows.get(id) ?? empty);
      const flight = { version, figure };
      running.set(id, flight);
      const settle = () => {
        if (running.get(id) === flight) running.delete(id);
        // No empty map left behind per kind of figure (a month asked once).
        const kinds = inFlight.get(database.db);
        if (running.size === 0 && kinds?.get(key) === running) kinds.delete(key);
      };
      figure.then(settle, settle);
      return figure.then((value) => {
        entries.set(id, { ...value, version });
        figures.set(id, value);
      });
    });
    await Promise.all(mine);
  };
  const waited = joined.map(async (id) => {
    const figure = await (running.get(id) as { figure: Promise<Computed<T>> }).figure;
    if (holds(figure)) figures.set(id, figure);
  });
  await Promise.all([addUp(own), ...waited]);
  // A shared figure whose period ended before this call's moment: this call's own.
  await addUp(joined.filter((id) => !figures.has(id)));
  return new Map([...versions.keys()].map((id) => [id, (figures.get(id) ?? (entries.get(id) as Entry<T>)).value]));
}
