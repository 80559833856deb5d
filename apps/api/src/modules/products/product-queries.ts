/** Read models of products: the overview rows and the full product with its categories, methods and photos. */
import {
  formatDimensions,
  fromCents,
  type Product,
  type ProductAvailability,
  type ProductSortField,
  type ProductSorting,
} from '@ateliermarkt/contract';
import { type AnyColumn, and, asc, desc, eq, exists, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { alias, type QueryBuilder } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isDatabase, preparedSelect, preparedSelectByShape, type ReadSource } from '../../db/raw-select.ts';
import {
  categories,
  deliveryMethods,
  images,
  productCategories,
  productDeliveryMethods,
  productImages,
  products,
  tenants,
  users,
  workspaces,
} from '../../db/schema/index.ts';
import { workshopName } from '../../db/workshop-name.ts';
import type { Actor } from '../../plugins/auth.ts';
import { RELATIVE_TO_APP, toImage } from '../images/index.ts';

/** Products the actor may see: its own tenant's, or every tenant's for the super admin. */
export function visibleTo(actor: Actor): SQL | undefined {
  if (actor.kind === 'superAdmin') return undefined;
  // A tenant user always has a tenant; the impossible case sees nothing.
  return actor.tenantId ? eq(products.tenantId, actor.tenantId) : sql`false`;
}

const creatorFullName = sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.surname}), '')`;
const productImage = alias(images, 'product_image');
const authorImage = alias(images, 'author_image');

type ImageRef = { id: string | null; format: string | null };
/** `origin`: empty for the back-office (URLs relative to the app), PUBLIC_URL for the shop (see toImage). */
const imageOrNull = (ref: ImageRef, origin = RELATIVE_TO_APP) =>
  ref.id && ref.format ? toImage({ id: ref.id, format: ref.format }, origin) : null;

type CategoryRow = { id: string; title: string; isMainCategory: boolean };
/**
 * A product's categories, delivery methods and photos as JSON beside its row: one statement for the whole list. The
 * categories sort by title in code point order (`collate "C"`, as the list's own text sorts): under a server's
 * language collation each row's small sort cost ten times as much (0.04 ms against 0.004 ms a product at the large
 * size, docs/decisions/0078), and the order is then the same on PGlite and on any PostgreSQL server.
 */
const categoriesJson = sql<
  CategoryRow[]
>`(select coalesce(json_agg(json_build_object('id', ${categories.id}, 'title', ${categories.title}, 'isMainCategory', ${categories.isMainCategory}) order by ${categories.title} collate "C"), '[]'::json) from ${productCategories} inner join ${categories} on ${categories.id} = ${productCategories.categoryId} where ${productCategories.productId} = ${products.id})`;
const methodsJson = sql<
  [number, string, number][]
>`(select coalesce(json_agg(json_build_array(${deliveryMethods.id}, ${deliveryMethods.name}, ${deliveryMethods.priceCents}) order by ${deliveryMethods.id}), '[]'::json) from ${productDeliveryMethods} inner join ${deliveryMethods} on ${deliveryMethods.id} = ${productDeliveryMethods.deliveryMethodId} where ${productDeliveryMethods.productId} = ${products.id})`;
const photosJson = sql<
  [string, string][]
>`(select coalesce(json_agg(json_build_array(${images.id}, ${images.format}) order by ${productImages.position}), '[]'::json) from ${productImages} inner join ${images} on ${images.id} = ${productImages.imageId} where ${productImages.productId} = ${products.id})`;
/**
 * The three as fields of a select from `products` (the list, the detail and the spreadsheet read them so). Only in a
 * select with a join: from one table alone Drizzle writes the columns without their table, and the subqueries'
 * names then mean their own tables' columns.
 */
export const productPartsJson = { categories: categoriesJson, methods: methodsJson, photos: photosJson };
/** Sizes as numbers (numeric is text in JSON and in the driver). */
const cm = (column: AnyColumn) => sql<number | null>`${column}::float8`;

/**
 * The list's rows: the API's whole Product (`GET products?maxResultCount=999` items), so a client
 * written for the original API can show and edit a product from the list.
 */
const listFields = {
  id: products.id,
  tenantId: products.tenantId,
  productNumber: products.productNumber,
  name: products.name,
  description: products.description,
  extraInformation: products.extraInformation,
  material: products.material,
  madeToMeasure: products.madeToMeasure,
  priceCents: products.priceCents,
  weightGrams: products.weightGrams,
  length: cm(products.lengthCm),
  width: cm(products.widthCm),
  height: cm(products.heightCm),
  authorName: products.authorName,
  authorDescription: products.authorDescription,
  viewCount: products.viewCount,
  isPublished: products.isPublished,
  isReserved: products.isReserved,
  isSold: products.isSold,
  isUniqueEdition: products.isUniqueEdition,
  quantity: products.quantity,
  creatorId: products.creatorId,
  workspaceName: workshopName,
  creatorFullName,
  imageId: productImage.id,
  imageFormat: productImage.format,
  authorImageId: authorImage.id,
  authorImageFormat: authorImage.format,
  ...productPartsJson,
};

/** What the overview asks for; every part optional. */
export type ProductListFilter = {
  search?: string | undefined;
  published?: boolean | undefined;
  availability?: ProductAvailability | undefined;
  categoryId?: string | undefined;
};
export type ProductListPage = { limit: number; offset?: number; sorting?: ProductSorting | undefined };

/** `%q%` for ILIKE with q's own wildcards escaped; a trigram index on the column can answer it (migration 0005). */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const AVAILABILITY: Record<ProductAvailability, SQL> = {
  available: sql`(not ${products.isSold} and not ${products.isReserved})`,
  reserved: sql`(not ${products.isSold} and ${products.isReserved})`,
  sold: sql`${products.isSold}`,
};

/**
 * The actor's products that match the filter (tenant first, so another tenant's never count), as a shape and its
 * values: `key` names which conditions apply, `where` writes them with placeholders for `values`. The SQL of each
 * shape is built once (preparedSelectByShape): building a searched page's SQL with Drizzle was a third of the call's
 * own work in Node.
 */
function listShape(actor: Actor, filter: ProductListFilter) {
  const scope = actor.kind === 'superAdmin' ? 'all' : actor.tenantId ? 'workshop' : 'none';
  const key = [
    scope,
    filter.search ? 'search' : '',
    String(filter.published),
    filter.availability ?? '',
    filter.categoryId ? 'category' : '',
  ].join('|');
  const where = () => {
    const pattern = sql.placeholder('pattern');
    return and(
      scope === 'all'
        ? undefined
        : scope === 'workshop'
          ? eq(products.tenantId, sql.placeholder('tenantId'))
          : sql`false`,
      filter.search ? or(ilike(products.name, pattern), ilike(products.productNumber, pattern)) : undefined,
      filter.published === undefined ? undefined : filter.published ? products.isPublished : not(products.isPublished),
      filter.availability ? AVAILABILITY[filter.availability] : undefined,
      filter.categoryId
        ? exists(
            sql`(select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${sql.placeholder('categoryId')})`,
          )
        : undefined,
    );
  };
  const values = {
    tenantId: actor.tenantId,
    pattern: filter.search ? likePattern(filter.search) : undefined,
    categoryId: filter.categoryId,
  };
  return { key, where, values };
}

const sortKeyOf = (sorting: ProductSorting | undefined) => (sorting ? `${sorting.field} ${sorting.direction}` : '');

/** Texts sort case-insensitively by code point, the same on PGlite and PostgreSQL (as the reservations, 0010). */
const SORT_KEYS: Record<ProductSortField, SQL | AnyColumn> = {
  productNumber: sql`${products.productNumber} collate "C"`,
  name: sql`lower(${products.name}) collate "C"`,
  viewCount: products.viewCount,
  creatorFullName: sql`lower(${creatorFullName}) collate "C"`,
  price: products.priceCents,
  isPublished: products.isPublished,
  state: sql`(case when ${products.isSold} then 2 when ${products.isReserved} then 1 else 0 end)`,
};

/** The asked order, then newest first, then the id: a stable order, so pages never share or skip a row. */
function orderOf(sorting: ProductSorting | undefined): SQL[] {
  const newest = [desc(products.createdAt), desc(products.productNumber), asc(products.id)];
  if (!sorting) return newest;
  const key = SORT_KEYS[sorting.field];
  const primary = sorting.direction === 'desc' ? sql`${key} desc nulls last` : sql`${key} asc nulls last`;
  return [primary, ...newest];
}

/**
 * The products with what a Product shows beside its row: workshop, maker, images (filtered and ordered by the caller).
 * Built on a database or transaction handle, or on Drizzle's standalone query builder (preparedSelect): the select API
 * is the same, only the types differ, hence the cast.
 */
const productRows = (db: DbOrTx | QueryBuilder) =>
  (db as DbOrTx)
    .select(listFields)
    .from(products)
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .leftJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
    .leftJoin(users, eq(users.id, products.creatorId))
    .leftJoin(productImage, eq(productImage.id, products.productImageId))
    .leftJoin(authorImage, eq(authorImage.id, products.authorImageId));

type ProductRow = Awaited<ReturnType<typeof productRows>>[number];

/** A row of `productRows` as the API's Product. */
function toProduct(r: ProductRow): Product {
  return {
    id: r.id,
    tenantId: r.tenantId,
    workspaceName: r.workspaceName,
    productNumber: r.productNumber,
    name: r.name,
    description: r.description,
    extraInformation: r.extraInformation,
    material: r.material,
    isUniqueEdition: r.isUniqueEdition,
    madeToMeasure: r.madeToMeasure,
    categories: r.categories.filter((c) => c.isMainCategory),
    customCategories: r.categories.filter((c) => !c.isMainCategory),
    price: fromCents(r.priceCents),
    weight: r.weightGrams,
    length: r.length,
    width: r.width,
    height: r.height,
    format: formatDimensions(r.length, r.width, r.height),
    quantity: r.quantity,
    deliveryMethods: r.methods.map(([id, name, priceCents]) => ({ id, name, price: fromCents(priceCents) })),
    images: r.photos.map(([id, format]) => toImage({ id, format })),
    productImage: imageOrNull({ id: r.imageId, format: r.imageFormat }),
    authorName: r.authorName,
    authorDescription: r.authorDescription,
    authorImage: imageOrNull({ id: r.authorImageId, format: r.authorImageFormat }),
    isPublished: r.isPublished,
    isReserved: r.isReserved,
    isSold: r.isSold,
    isAvailable: !r.isSold && r.quantity > 0,
    viewCount: r.viewCount,
    creatorId: r.creatorId,
    creatorFullName: r.creatorFullName,
  };
}

const listShapes = preparedSelectByShape(listFields);

export async function listProducts(
  ctx: AppContext,
  actor: Actor,
  page: ProductListPage,
  filter: ProductListFilter = {},
): Promise<Product[]> {
  const shape = listShape(actor, filter);
  const run = listShapes(`${shape.key}|${sortKeyOf(page.sorting)}`, (qb) =>
    productRows(qb)
      .where(shape.where())
      .orderBy(...orderOf(page.sorting))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const rows = await run(ctx.database, { ...shape.values, limit: page.limit, offset: page.offset ?? 0 });
  return rows.map(toProduct);
}

const idFields = { id: products.id };
const idShapes = preparedSelectByShape(idFields);

/** The ids of the actor's products that match the filter, in the list's order (the spreadsheet export). */
export async function productIdsMatching(
  ctx: AppContext,
  actor: Actor,
  page: ProductListPage,
  filter: ProductListFilter,
): Promise<string[]> {
  const shape = listShape(actor, filter);
  const run = idShapes(`${shape.key}|${sortKeyOf(page.sorting)}`, (qb) =>
    qb
      .select(idFields)
      .from(products)
      .innerJoin(tenants, eq(tenants.id, products.tenantId))
      .leftJoin(users, eq(users.id, products.creatorId))
      .where(shape.where())
      .orderBy(...orderOf(page.sorting))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const rows = await run(ctx.database, { ...shape.values, limit: page.limit, offset: page.offset ?? 0 });
  return rows.map((r) => r.id);
}

const countFields = { n: sql<number>`count(*)::int` };
const countShapes = preparedSelectByShape(countFields);

/** How many of the actor's products match the filter (the overview's paging). */
export async function countProducts(ctx: AppContext, actor: Actor, filter: ProductListFilter): Promise<number> {
  const shape = listShape(actor, filter);
  const run = countShapes(shape.key, (qb) => qb.select(countFields).from(products).where(shape.where()));
  const [row] = await run(ctx.database, shape.values);
  return row?.n ?? 0;
}

/** One product by id (any workshop's: the super admin) and of one workshop; the SQL built once (preparedSelect). */
const productById = preparedSelect(listFields, (qb) => productRows(qb).where(eq(products.id, sql.placeholder('id'))), {
  keepPlan: true,
});
const workshopProductById = preparedSelect(
  listFields,
  (qb) =>
    productRows(qb).where(
      and(eq(products.id, sql.placeholder('id')), eq(products.tenantId, sql.placeholder('tenantId'))),
    ),
  { keepPlan: true },
);

/**
 * One product the actor may see, with everything the admin detail and the wizard show; null when not visible. On the
 * database (`ctx.database`) its SQL is built once; in a transaction Drizzle runs it there.
 */
export async function getProduct(source: ReadSource, actor: Actor, id: string): Promise<Product | null> {
  if (!isDatabase(source)) {
    const [row] = await productRows(source).where(and(eq(products.id, id), visibleTo(actor)));
    return row ? toProduct(row) : null;
  }
  if (actor.kind !== 'superAdmin' && !actor.tenantId) return null;
  const [row] = (
    actor.kind === 'superAdmin'
      ? await productById(source, { id })
      : await workshopProductById(source, { id, tenantId: actor.tenantId })
  ) as ProductRow[];
  return row ? toProduct(row) : null;
}

/** Rows for the featured list and the search, any tenant (super admin only). */
export async function productsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      productNumber: products.productNumber,
      name: products.name,
      workspaceName: workshopName,
      priceCents: products.priceCents,
      isPublished: products.isPublished,
      imageId: productImage.id,
      imageFormat: productImage.format,
    })
    .from(products)
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .leftJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
    .leftJoin(productImage, eq(productImage.id, products.productImageId))
    .where(inArray(products.id, ids));
}

export { imageOrNull };
