import {
  formatDate,
  formatDateTime,
  isReservationStatus,
  PAUSED_STATUS_NAME,
  RESERVATION_STATUSES,
  type Reservation,
  type ReservationSorting,
  type ReservationStatus,
  reservationFlags,
  STATUS,
  statusName,
} from '@ateliermarkt/contract';
import { and, asc, desc, eq, exists, ne, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../../db/client.ts';
import {
  drizzleOf,
  isAnyOf,
  isDatabase,
  preparedSelect,
  preparedStatementByShape,
  type ReadSource,
  rawSelect,
} from '../../db/raw-select.ts';
import {
  deliveryMethods,
  images,
  products,
  reservationProducts,
  reservations,
  tenants,
} from '../../db/schema/index.ts';
import { toImage } from '../images/index.ts';

export type ReservationRow = typeof reservations.$inferSelect;

export function statusOf(row: { status: number }): ReservationStatus {
  if (!isReservationStatus(row.status)) throw new Error(`reservation with unknown status ${row.status}`);
  return row.status;
}

const pausedFields = { id: reservationProducts.reservationId };

/**
 * What makes a reservation paused, as joins from one of its lines (`line`, the table or an alias of it): the line is
 * available and its product a unique edition, and another reservation (`holder`) awaiting payment holds the same
 * product on an available line (`other`). Written once for the two queries that ask it (the ids among some
 * reservations, and the condition on an outer row). The dashboard reads the same condition from the holds the
 * database keeps (product_payment_holds, docs/decisions/0070).
 */
function pausingHold(line: { productId: AnyPgColumn; reservationId: AnyPgColumn; isAvailable: AnyPgColumn }) {
  const other = alias(reservationProducts, 'other');
  const holder = alias(reservations, 'holder');
  return {
    other,
    onOther: and(
      eq(other.productId, line.productId),
      ne(other.reservationId, line.reservationId),
      eq(other.isAvailable, true),
    ),
    holder,
    onHolder: and(eq(holder.id, other.reservationId), eq(holder.status, STATUS.awaitingPayment)),
    onProduct: and(eq(products.id, line.productId), eq(products.isUniqueEdition, true)),
    lineAvailable: eq(line.isAvailable, true),
  };
}

/**
 * The reads below are written once for both paths: built on Drizzle's standalone query builder they are prepared
 * (raw-select.ts), built on a transaction they run in it. The select API is the same; only the types differ (a
 * transaction's select can be awaited), hence these two casts.
 */
const onTx = (source: ReadSource) => drizzleOf(source) as unknown as QueryBuilder;
const inTransaction = <T>(query: unknown) => query as PromiseLike<T[]>;

function pausedQuery(qb: QueryBuilder, ids: readonly string[] | Placeholder) {
  const hold = pausingHold(reservationProducts);
  return qb
    .selectDistinct(pausedFields)
    .from(reservationProducts)
    .innerJoin(products, hold.onProduct)
    .innerJoin(hold.other, hold.onOther)
    .innerJoin(hold.holder, hold.onHolder)
    .where(and(isAnyOf(reservationProducts.reservationId, ids), hold.lineAvailable));
}
// Generic: planned for the ids given, the server re-planned this join on every call for the same plan (backend CPU 2.6
// → 0.5 ms per call under load, docs/decisions/0090).
const pausedPrepared = preparedSelect(pausedFields, (qb) => pausedQuery(qb, sql.placeholder('ids')), {
  keepPlan: 'generic',
});

/**
 * The ids, among the given status-0 reservations, that are paused: one of their available unique products is held
 * by another reservation awaiting payment.
 */
export async function pausedIds(source: ReadSource, reservationIds: string[]): Promise<Set<string>> {
  if (reservationIds.length === 0) return new Set();
  const rows = isDatabase(source)
    ? await pausedPrepared(source, { ids: reservationIds })
    : await inTransaction<{ id: string }>(pausedQuery(onTx(source), reservationIds));
  return new Set(rows.map((r) => r.id));
}

/** pausedIds as an SQL condition on the outer `reservations` row, for sorting by the shown status name. */
export function isPausedSql(db: DbOrTx): SQL {
  const line = alias(reservationProducts, 'line');
  const hold = pausingHold(line);
  return and(
    eq(reservations.status, STATUS.new),
    exists(
      db
        .select({ one: sql`1` })
        .from(line)
        .innerJoin(products, hold.onProduct)
        .innerJoin(hold.other, hold.onOther)
        .innerJoin(hold.holder, hold.onHolder)
        .where(and(eq(line.reservationId, reservations.id), hold.lineAvailable)),
    ),
  ) as SQL;
}

/** The place of each shown status name in Dutch alphabetical order (the names live in the contract, not in SQL). */
const STATUS_NAME_RANK: ReadonlyMap<string, number> = new Map(
  [...new Set([...RESERVATION_STATUSES.map((s) => statusName(s)), PAUSED_STATUS_NAME])]
    .sort((a, b) => a.localeCompare(b, 'nl'))
    .map((name, rank) => [name, rank]),
);
const rankOf = (name: string) => STATUS_NAME_RANK.get(name) ?? 0;

/** Natural order of AM-… numbers: a longer number is a larger one. */
const orderNumberKeys = [sql`length(${reservations.orderNumber})`, reservations.orderNumber];

/**
 * ORDER BY of a sorting: the column, then newest first and the order number, so pages never overlap. Texts sort
 * case-insensitively by code point (`COLLATE "C"`), the same on PGlite and on any PostgreSQL server.
 */
function orderByOf(db: DbOrTx, sorting: ReservationSorting | undefined): SQL[] {
  const newestFirst = [desc(reservations.createdAt), ...orderNumberKeys.map((k) => desc(k))];
  if (!sorting) return newestFirst;
  const dir = sorting.direction === 'asc' ? asc : desc;
  switch (sorting.field) {
    case 'reservationDate':
      return [dir(reservations.createdAt), ...orderNumberKeys.map((k) => dir(k))];
    case 'orderNumber':
      return orderNumberKeys.map((k) => dir(k));
    case 'name':
      return [dir(sql`lower(${reservations.name}) collate "C"`), ...newestFirst];
    case 'workspaceName':
      return [dir(sql`lower(${tenants.name}) collate "C"`), ...newestFirst];
    case 'amount':
      // Kept by the database (migration 0022): the available lines plus delivery, as reservationTotals adds up.
      return [dir(reservations.amountCents), ...newestFirst];
    case 'statusName': {
      const byCode = RESERVATION_STATUSES.map((s) => sql`when ${s} then ${rankOf(statusName(s))}`);
      const rank = sql`case when ${isPausedSql(db)} then ${rankOf(PAUSED_STATUS_NAME)} else case ${reservations.status} ${sql.join(byCode, sql` `)} end end`;
      return [dir(rank), ...newestFirst];
    }
  }
}

export type FindOptions = { sorting?: ReservationSorting; limit?: number; offset?: number };

/** How many reservations match `where`. */
export async function countReservations(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(reservations).where(where);
  return row?.n ?? 0;
}

/**
 * Reservations matching `where` (which must carry the tenant condition for a workshop), newest first or in the
 * given sorting; with a limit, one page of them (their products are loaded for that page only).
 */
const reservationFields = { r: reservations, workspaceName: tenants.name, methodName: deliveryMethods.name };
const lineFields = {
  reservationId: reservationProducts.reservationId,
  quantity: reservationProducts.quantity,
  priceCents: reservationProducts.priceCents,
  isAvailable: reservationProducts.isAvailable,
  id: products.id,
  productNumber: products.productNumber,
  name: products.name,
  description: products.description,
  isReserved: products.isReserved,
  imageId: images.id,
  imageFormat: images.format,
};

type LineRow = {
  reservationId: string;
  quantity: number;
  priceCents: number;
  isAvailable: boolean;
  id: string;
  productNumber: string;
  name: string;
  description: string;
  isReserved: boolean;
  imageId: string | null;
  imageFormat: string | null;
};

function linesQuery(qb: QueryBuilder, ids: readonly string[] | Placeholder) {
  return qb
    .select(lineFields)
    .from(reservationProducts)
    .innerJoin(products, eq(products.id, reservationProducts.productId))
    .leftJoin(images, eq(images.id, products.productImageId))
    .where(isAnyOf(reservationProducts.reservationId, ids))
    .orderBy(asc(products.productNumber));
}
const linesPrepared = preparedSelect(lineFields, (qb) => linesQuery(qb, sql.placeholder('ids')), { keepPlan: true });

export async function findReservations(
  source: ReadSource,
  where: SQL | undefined,
  /** Empty: image URLs relative to the app (the back-office); PUBLIC_URL where another origin reads them. */
  imageOrigin: string,
  options: FindOptions = {},
): Promise<Reservation[]> {
  const query = reservationRows(onTx(source))
    .where(where)
    .orderBy(...orderByOf(drizzleOf(source), options.sorting))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset) query.offset(options.offset);
  const rows = isDatabase(source)
    ? await rawSelect(source, reservationFields, query)
    : await inTransaction<ReservationRows[number]>(query);
  return withLines(source, rows, imageOrigin);
}

function reservationRows(qb: QueryBuilder) {
  return qb
    .select(reservationFields)
    .from(reservations)
    .innerJoin(tenants, eq(tenants.id, reservations.tenantId))
    .innerJoin(deliveryMethods, eq(deliveryMethods.id, reservations.deliveryMethodId));
}

/** What findSearchedPage pages through: written with placeholders for its values, built once per `key`. */
export type SearchedList = {
  /** Names the list's shape (who, which tab): one SQL per key. */
  key: string;
  /** The list's parts, with placeholders where `values` go. */
  build: () => {
    /** A select of the matching reservations, each once, with their id as `id` (and whatever else it counts by). */
    matches: SQLWrapper;
    /** The list's own conditions on `reservations`: the tenant and the tab. */
    where: SQL | undefined;
    /** How many reservations the tab holds (a scalar subquery; the kept counts). */
    tabSize: SQL;
  };
  values: Record<string, unknown>;
  /**
   * Whether one plan made without the values serves every call of the shape (a search text the trigram indexes serve:
   * the same plan whatever the text, the page's way chosen inside the statement): then the statement is kept per
   * connection with that plan instead of being parsed and planned for each call.
   */
  genericPlan: boolean;
  /**
   * How many rows of the date index a page may read per row it finds before the matches are better fetched by id and
   * sorted: a page is read in date order when `(offset + limit) × tabSize ≤ inOrderReadLimit × matches`.
   */
  inOrderReadLimit: number;
};

/** The page's rows with the number of matches beside each. */
const searchedFields = { ...reservationFields, totalCount: sql<number>`(select n from match_count)` };
const searchedPages = preparedStatementByShape(searchedFields);

/**
 * One page of a searched list in date order (newest or oldest first) and how many reservations match, in one
 * statement over one set of matches: the matches are collected once (a WITH referenced twice is computed once),
 * counted, and the page is read in one of two ways, chosen inside the statement by the count and the tab's kept size:
 * - matches frequent enough that a page is found within a short read: the date index is read in the list's order,
 *   each row tested against a hash of the matches, until the page is full. Written as `(… in (…) or false)` because
 *   the database turns a plain `id in (…)` into a join, whose result it must then sort entirely (at 3,400 matches
 *   among 50,000 reservations that read every reservation);
 * - rare matches: fetched by id (`id = any(array(…))`, the primary key) and sorted.
 * Each way is a branch of a UNION ALL behind a condition on the count alone, so the database runs one of them. Before,
 * the count and the page were two statements and each collected the matches (for a frequent product name: every
 * line of each matching product, twice). `totalCount` is undefined when the page is empty (no match, or a page past
 * the last one), since the count rides on the page's rows. The SQL of each shape and direction is built once, and
 * with `genericPlan` kept per connection with one plan made without the values (planning was half of its cost, 0090).
 */
export async function findSearchedPage(
  database: Pick<Database, 'db' | 'arrays' | 'kind'>,
  list: SearchedList,
  imageOrigin: string,
  page: { direction: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ items: Reservation[]; totalCount: number | undefined }> {
  const build = () => {
    const { matches, where, tabSize } = list.build();
    const limit = sql.placeholder('limit');
    const offset = sql.placeholder('offset');
    const matchCount = sql`(select n from match_count)::bigint * ${list.inOrderReadLimit}`;
    const pageReads = sql`(${limit}::bigint + ${offset}::bigint) * ${tabSize}`;
    const sorting = { field: 'reservationDate', direction: page.direction } as const;
    const branch = (isMatch: SQL, chosen: SQL) =>
      new QueryBuilder()
        .select(searchedFields)
        .from(reservations)
        .innerJoin(tenants, eq(tenants.id, reservations.tenantId))
        .innerJoin(deliveryMethods, eq(deliveryMethods.id, reservations.deliveryMethodId))
        .where(and(where, isMatch, chosen))
        .orderBy(...orderByOf(database.db, sorting))
        .limit(limit)
        .offset(offset);
    const inOrder = branch(
      sql`(${reservations.id} in (select id from matches) or false)`,
      sql`${matchCount} >= ${pageReads}`,
    );
    const byId = branch(
      sql`${reservations.id} = any(array(select id from matches))`,
      sql`${matchCount} < ${pageReads}`,
    );
    const dir = sql.raw(page.direction);
    return sql`with matches as (${matches}), match_count as (select count(*)::int as n from matches) select q.* from ((${inOrder}) union all (${byId})) q order by q.created_at ${dir}, length(q.order_number) ${dir}, q.order_number ${dir}`;
  };
  const rows = await searchedPages<ReservationRows[number] & { totalCount: number }>(
    database,
    `${list.key}|${page.direction}`,
    build,
    { ...list.values, limit: page.limit, offset: page.offset },
    list.genericPlan ? 'generic' : false,
  );
  return { items: await withLines(database, rows, imageOrigin), totalCount: rows[0]?.totalCount };
}

const byIdPrepared = preparedSelect(
  reservationFields,
  (qb) => reservationRows(qb).where(eq(reservations.id, sql.placeholder('id'))),
  { keepPlan: true },
);
const byIdInWorkshopPrepared = preparedSelect(
  reservationFields,
  (qb) =>
    reservationRows(qb).where(
      and(eq(reservations.id, sql.placeholder('id')), eq(reservations.tenantId, sql.placeholder('tenantId'))),
    ),
  { keepPlan: true },
);

/**
 * One reservation by id as findReservations gives it, within `tenantId` (null: any workshop's); none when there is
 * no such reservation there. On the database its SQL is built once (preparedSelect); in a transaction it runs there.
 */
export async function findReservationById(
  source: ReadSource,
  id: string,
  workshopId: string | null,
  imageOrigin: string,
): Promise<Reservation | undefined> {
  const where = and(eq(reservations.id, id), workshopId === null ? undefined : eq(reservations.tenantId, workshopId));
  const rows = !isDatabase(source)
    ? await inTransaction<ReservationRows[number]>(reservationRows(onTx(source)).where(where))
    : workshopId === null
      ? await byIdPrepared(source, { id })
      : await byIdInWorkshopPrepared(source, { id, tenantId: workshopId });
  const [found] = await withLines(source, rows, imageOrigin);
  return found;
}

type ReservationRows = ReturnType<typeof reservationRows>['_']['result'];

/** Reservation rows as the API's Reservation: their lines and whether each is paused read once for all of them. */
async function withLines(source: ReadSource, rows: ReservationRows, imageOrigin: string): Promise<Reservation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.r.id);
  const lines = isDatabase(source)
    ? await linesPrepared(source, { ids })
    : await inTransaction<LineRow>(linesQuery(onTx(source), ids));
  const paused = await pausedIds(
    source,
    rows.filter((row) => row.r.status === STATUS.new).map((row) => row.r.id),
  );
  const byReservation = new Map<string, Reservation['products']>();
  for (const line of lines) {
    const list = byReservation.get(line.reservationId) ?? [];
    list.push({
      id: line.id,
      productNumber: line.productNumber,
      productImage:
        line.imageId && line.imageFormat
          ? toImage({ id: line.imageId, format: line.imageFormat }, imageOrigin).thumbnail
          : null,
      name: line.name,
      description: line.description,
      quantity: line.quantity,
      price: line.priceCents / 100,
      isAvailable: line.isAvailable,
      isReserved: line.isReserved,
    });
    byReservation.set(line.reservationId, list);
  }
  return rows.map(({ r, workspaceName: workshopName, methodName }) => {
    const status = statusOf(r);
    const isPaused = paused.has(r.id);
    const name = statusName(status, isPaused);
    return {
      id: r.id,
      orderNumber: r.orderNumber,
      name: r.name,
      street: r.street,
      streetNumber: r.streetNumber,
      zipCode: r.zipCode,
      city: r.city,
      email: r.email,
      products: byReservation.get(r.id) ?? [],
      deliveryMethod: {
        id: r.deliveryMethodId,
        name: methodName,
        price: r.deliveryPriceCents / 100,
        quantity: r.deliveryQuantity,
      },
      status: { code: status, name },
      statusName: name,
      creationTime: formatDateTime(r.createdAt),
      dateFormatted: formatDate(r.createdAt),
      reservationDate: r.createdAt.toISOString(),
      favoriteColor: r.favoriteColor,
      personalMessage: r.personalMessage,
      workspaceName: workshopName,
      trackAndTrace: r.trackAndTrace,
      isPaused,
      ...reservationFlags({ status, deliveryMethodId: r.deliveryMethodId, paused: isPaused }),
    };
  });
}

/** The next readable order number, from the shared sequence. */
export async function nextOrderNumber(db: DbOrTx): Promise<string> {
  const result = await db.execute<{ n: string }>(sql`select nextval('reservation_order_number_seq')::text as n`);
  const rows = (result as unknown as { rows: { n: string }[] }).rows;
  const n = rows[0]?.n;
  if (!n) throw new Error('no order number');
  return `AM-${n}`;
}

/**
 * What a write to a reservation relies on: its id, its tenant and the status it had when the caller read it and
 * decided the write is allowed. Every UPDATE of a reservation or its lines repeats all three in its WHERE, so a write
 * racing a status change (or aimed at another tenant) changes nothing and the caller answers 409.
 */
export type WriteTarget = { id: string; tenantId: string; status: ReservationStatus };

/**
 * The target of a write to `r` as the caller read it. The tenant is the actor's own for a workshop's people, else
 * the reservation's (a tenant never changes); the status is the one the caller's decision was made on.
 */
export async function writeTargetOf(
  db: DbOrTx,
  r: Pick<Reservation, 'id' | 'status'>,
  actorWorkshopId: string | null | undefined,
): Promise<WriteTarget | undefined> {
  const status = statusOf({ status: r.status.code });
  if (actorWorkshopId) return { id: r.id, tenantId: actorWorkshopId, status };
  const [row] = await db
    .select({ tenantId: reservations.tenantId })
    .from(reservations)
    .where(eq(reservations.id, r.id));
  return row ? { id: r.id, tenantId: row.tenantId, status } : undefined;
}

/** The WHERE of every write to a reservation row: id, tenant and the status relied on. */
export function isTarget(target: WriteTarget): SQL {
  return and(
    eq(reservations.id, target.id),
    eq(reservations.tenantId, target.tenantId),
    eq(reservations.status, target.status),
  ) as SQL;
}

/** Updates the reservation only while it is still as read; undefined when it is not (the caller answers 409). */
export async function updateReservation(
  tx: DbOrTx,
  target: WriteTarget,
  set: Partial<typeof reservations.$inferInsert>,
): Promise<{ tenantId: string } | undefined> {
  const [row] = await tx
    .update(reservations)
    .set({ ...set, updatedAt: new Date() })
    .where(isTarget(target))
    .returning({ tenantId: reservations.tenantId });
  return row;
}

/**
 * Marks a line of the reservation unavailable, only while the reservation is still as read: the reservation row is
 * written first (its `updatedAt`, with the target's WHERE), which also locks it against a concurrent status change
 * until the transaction ends; the line's own WHERE repeats the condition. False when either finds nothing.
 */
export async function markLineUnavailable(tx: DbOrTx, target: WriteTarget, productId: string): Promise<boolean> {
  if (!(await updateReservation(tx, target, {}))) return false;
  const changed = await tx
    .update(reservationProducts)
    .set({ isAvailable: false })
    .where(
      and(
        eq(reservationProducts.reservationId, target.id),
        eq(reservationProducts.productId, productId),
        exists(tx.select({ one: sql`1` }).from(reservations).where(isTarget(target))),
      ),
    )
    .returning({ productId: reservationProducts.productId });
  return changed.length > 0;
}
