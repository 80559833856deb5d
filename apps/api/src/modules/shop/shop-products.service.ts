/**
 * The shop's products: published products of published workshops only. Every query selects public columns by name,
 * and a page of products loads its categories in one more query (never one per product).
 */
import {
  announcedHoliday,
  dayInAmsterdam,
  formatDimensions,
  fromCents,
  holidayOfColumns,
  type ShopProduct,
  type ShopProductItem,
  type ShopProductsQuery,
} from '@ateliermarkt/contract';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { isAnyOf, preparedSelect, rawSelect } from '../../db/raw-select.ts';
import {
  categories,
  deliveryMethods,
  featuredProducts,
  images,
  productCategories,
  productDeliveryMethods,
  productImages,
  products,
  tenants,
  workspaces,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { toImage } from '../images/index.ts';
import { imageOrNull, likePattern, workspaceName } from '../products/index.ts';
import { availableOf, heldQuantities } from '../reservations/index.ts';
import { countView, type Visitor } from './product-views.ts';

const productImage = alias(images, 'product_image');
const authorImage = alias(images, 'author_image');

/** In the shop: the product is published and so is its workshop (the query joins workspaces). */
const isPublic = and(eq(products.isPublished, true), eq(workspaces.isPublished, true));

const itemColumns = {
  id: products.id,
  productNumber: products.productNumber,
  name: products.name,
  priceCents: products.priceCents,
  isUniqueEdition: products.isUniqueEdition,
  isSold: products.isSold,
  isReserved: products.isReserved,
  imageId: productImage.id,
  imageFormat: productImage.format,
  workspaceName,
  workspaceSlug: tenants.slug,
  // As text: the fast read path takes text columns as they are (a date column has no JSON form it accepts).
  holidayFrom: sql<string | null>`${workspaces.holidayFrom}::text`,
  holidayTo: sql<string | null>`${workspaces.holidayTo}::text`,
  holidayMessage: workspaces.holidayMessage,
};

/** Newest first; the index products_shop_order_idx serves it. */
const SHOP_ORDER = [desc(products.createdAt), desc(products.productNumber), asc(products.id)];

/** The public products' rows with their workshop, tenant (slug) and product image (`limit` rows from `offset`). */
async function itemRows(ctx: AppContext, where: SQL | undefined, page?: { limit: number; offset: number }) {
  const query = ctx.db
    .select(itemColumns)
    .from(products)
    .innerJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .leftJoin(productImage, eq(productImage.id, products.productImageId))
    .where(and(isPublic, where))
    .$dynamic();
  if (page)
    query
      .orderBy(...SHOP_ORDER)
      .limit(page.limit)
      .offset(page.offset);
  return rawSelect(ctx.database, itemColumns, query);
}
type ItemRow = Awaited<ReturnType<typeof itemRows>>[number];

const categoryFields = {
  productId: productCategories.productId,
  id: categories.id,
  title: categories.title,
  isMainCategory: categories.isMainCategory,
};
const categoriesOfProducts = preparedSelect(
  categoryFields,
  (qb) =>
    qb
      .select(categoryFields)
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(isAnyOf(productCategories.productId, sql.placeholder('ids')))
      .orderBy(desc(categories.isMainCategory), asc(categories.title)),
  { keepPlan: true },
);

/** The categories of many products in one query. */
async function categoriesOf(ctx: AppContext, productIds: string[]) {
  const byProduct = new Map<string, ShopProductItem['categories']>();
  if (productIds.length === 0) return byProduct;
  const rows = await categoriesOfProducts(ctx.database, { ids: productIds });
  for (const { productId, ...category } of rows) {
    const list = byProduct.get(productId) ?? [];
    list.push(category);
    byProduct.set(productId, list);
  }
  return byProduct;
}

async function toItems(ctx: AppContext, rows: ItemRow[]): Promise<ShopProductItem[]> {
  const cats = await categoriesOf(
    ctx,
    rows.map((r) => r.id),
  );
  const today = dayInAmsterdam(ctx.now());
  const holiday = (r: ItemRow) =>
    announcedHoliday(holidayOfColumns(r.holidayFrom, r.holidayTo, r.holidayMessage), today);
  return rows.map((r) => ({
    id: r.id,
    productNumber: r.productNumber,
    name: r.name,
    price: fromCents(r.priceCents),
    isUniqueEdition: r.isUniqueEdition,
    isSold: r.isSold,
    isReserved: r.isReserved,
    image: imageOrNull({ id: r.imageId, format: r.imageFormat }, ctx.config.publicUrl),
    workspace: { name: r.workspaceName, slug: r.workspaceSlug, holiday: holiday(r) },
    categories: cats.get(r.id) ?? [],
  }));
}

function filters(ctx: AppContext, query: ShopProductsQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.category) {
    const inCategory = ctx.db
      .select({ productId: productCategories.productId })
      .from(productCategories)
      .where(eq(productCategories.categoryId, query.category));
    conditions.push(inArray(products.id, inCategory));
  }
  if (query.workspace) conditions.push(eq(tenants.slug, query.workspace));
  if (query.q) conditions.push(ilike(products.name, likePattern(query.q)));
  return and(...conditions);
}

/** A page of the shop's products, newest first, and how many there are in all (one count query). */
export async function listProducts(ctx: AppContext, query: ShopProductsQuery) {
  const where = filters(ctx, query);
  const [rows, [total]] = await Promise.all([
    itemRows(ctx, where, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    ctx.db
      .select({ n: count() })
      .from(products)
      .innerJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
      .innerJoin(tenants, eq(tenants.id, products.tenantId))
      .where(and(isPublic, where)),
  ]);
  return { items: await toItems(ctx, rows), totalCount: total?.n ?? 0 };
}

/** The featured products in their order; those not (or no longer) in the shop are left out. */
export async function featured(ctx: AppContext): Promise<ShopProductItem[]> {
  const order = await ctx.db
    .select({ id: featuredProducts.productId })
    .from(featuredProducts)
    .orderBy(asc(featuredProducts.position));
  if (order.length === 0) return [];
  const rows = await itemRows(
    ctx,
    inArray(
      products.id,
      order.map((o) => o.id),
    ),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toItems(
    ctx,
    order.flatMap(({ id }) => byId.get(id) ?? []),
  );
}

/**
 * A product's page, counted as a view once per visitor per day (product-views.ts). A product outside the shop is
 * neither counted nor shown.
 */
export async function productPage(ctx: AppContext, id: string, visitor: Visitor): Promise<ShopProduct> {
  await countView(ctx.db, id, visitor);

  const [row] = await ctx.db
    .select({
      ...itemColumns,
      description: products.description,
      extraInformation: products.extraInformation,
      material: products.material,
      weightGrams: products.weightGrams,
      lengthCm: products.lengthCm,
      widthCm: products.widthCm,
      heightCm: products.heightCm,
      authorName: products.authorName,
      authorDescription: products.authorDescription,
      authorImageId: authorImage.id,
      authorImageFormat: authorImage.format,
      quantity: products.quantity,
      madeToMeasure: products.madeToMeasure,
    })
    .from(products)
    .innerJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .leftJoin(productImage, eq(productImage.id, products.productImageId))
    .leftJoin(authorImage, eq(authorImage.id, products.authorImageId))
    .where(and(isPublic, eq(products.id, id)));
  if (!row) throw notFound();
  const [[item], methods, photos, held] = await Promise.all([
    toItems(ctx, [row]),
    ctx.db
      .select({ id: deliveryMethods.id, name: deliveryMethods.name, priceCents: deliveryMethods.priceCents })
      .from(productDeliveryMethods)
      .innerJoin(deliveryMethods, eq(deliveryMethods.id, productDeliveryMethods.deliveryMethodId))
      .where(eq(productDeliveryMethods.productId, id))
      .orderBy(asc(deliveryMethods.id)),
    ctx.db
      .select({ id: images.id, format: images.format })
      .from(productImages)
      .innerJoin(images, eq(images.id, productImages.imageId))
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    heldQuantities(ctx.db, [id]),
  ]);
  if (!item) throw notFound();
  const [length, width, height] = [num(row.lengthCm), num(row.widthCm), num(row.heightCm)];
  return {
    ...item,
    description: row.description,
    extraInformation: row.extraInformation,
    material: row.material,
    format: formatDimensions(length, width, height),
    weight: row.weightGrams,
    deliveryMethods: methods.map((m) => ({ id: m.id, name: m.name, price: fromCents(m.priceCents) })),
    images: photos.map((p) => toImage(p, ctx.config.publicUrl)),
    author: {
      name: row.authorName,
      description: row.authorDescription,
      image: imageOrNull({ id: row.authorImageId, format: row.authorImageFormat }, ctx.config.publicUrl),
    },
    available: item.isSold
      ? 0
      : item.isUniqueEdition
        ? item.isReserved
          ? 0
          : 1
        : availableOf(row.quantity, held.get(id) ?? 0),
    madeToMeasure: row.madeToMeasure,
  };
}

const num = (v: string | null) => (v == null ? null : Number(v));

/** The main categories, then the custom ones that at least one product in the shop has. */
export function shopCategories(ctx: AppContext) {
  const usedInShop = ctx.db
    .select({ one: sql`1` })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .innerJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
    .where(and(eq(productCategories.categoryId, categories.id), isPublic));
  return ctx.db
    .select({ id: categories.id, title: categories.title, isMainCategory: categories.isMainCategory })
    .from(categories)
    .where(or(eq(categories.isMainCategory, true), exists(usedInShop)))
    .orderBy(desc(categories.isMainCategory), asc(categories.title));
}
