/** Read models of products: the overview rows and the full product with its categories, methods and photos. */
import { formatDimensions, fromCents, type Product, type ProductListItem } from '@ateliermarkt/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rawSelect } from '../../db/raw-select.ts';
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
import type { Actor } from '../../plugins/auth.ts';
import { RELATIVE_TO_APP, toImage } from '../images/index.ts';

/** Products the actor may see: its own tenant's, or every tenant's for the super admin. */
export function visibleTo(actor: Actor): SQL | undefined {
  if (actor.kind === 'superAdmin') return undefined;
  // A tenant user always has a tenant; the impossible case sees nothing.
  return actor.tenantId ? eq(products.tenantId, actor.tenantId) : sql`false`;
}

const workspaceName = sql<string>`coalesce(${workspaces.name}, ${tenants.name})`;
const creatorFullName = sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.surname}), '')`;
const productImage = alias(images, 'product_image');
const authorImage = alias(images, 'author_image');

const num = (v: string | null) => (v == null ? null : Number(v));

type ImageRef = { id: string | null; format: string | null };
/** `origin`: empty for the back-office (URLs relative to the app), PUBLIC_URL for the shop (see toImage). */
const imageOrNull = (ref: ImageRef, origin = RELATIVE_TO_APP) =>
  ref.id && ref.format ? toImage({ id: ref.id, format: ref.format }, origin) : null;

/** The overview's rows: only the columns the list shows (not descriptions and the like), at most `limit` rows. */
const listFields = {
  id: products.id,
  tenantId: products.tenantId,
  productNumber: products.productNumber,
  name: products.name,
  priceCents: products.priceCents,
  viewCount: products.viewCount,
  isPublished: products.isPublished,
  isReserved: products.isReserved,
  isSold: products.isSold,
  creatorId: products.creatorId,
  workspaceName,
  creatorFullName,
  imageId: productImage.id,
  imageFormat: productImage.format,
};

export async function listProducts(ctx: AppContext, actor: Actor, limit: number): Promise<ProductListItem[]> {
  const rows = await rawSelect(
    ctx.database,
    listFields,
    ctx.db
      .select(listFields)
      .from(products)
      .innerJoin(tenants, eq(tenants.id, products.tenantId))
      .leftJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
      .leftJoin(users, eq(users.id, products.creatorId))
      .leftJoin(productImage, eq(productImage.id, products.productImageId))
      .where(visibleTo(actor))
      .orderBy(desc(products.createdAt), desc(products.productNumber))
      .limit(limit),
  );
  return rows.map((r) => ({
    id: r.id,
    tenantId: r.tenantId,
    workspaceName: r.workspaceName,
    productNumber: r.productNumber,
    name: r.name,
    price: fromCents(r.priceCents),
    viewCount: r.viewCount,
    isPublished: r.isPublished,
    isReserved: r.isReserved,
    isSold: r.isSold,
    creatorId: r.creatorId,
    creatorFullName: r.creatorFullName,
    productImage: imageOrNull({ id: r.imageId, format: r.imageFormat }),
  }));
}

/** One product the actor may see, with everything the admin detail and the wizard show; null when not visible. */
export async function getProduct(db: DbOrTx, actor: Actor, id: string): Promise<Product | null> {
  const [row] = await db
    .select({
      p: products,
      workspaceName,
      creatorFullName,
      authorImageId: authorImage.id,
      authorImageFormat: authorImage.format,
      productImageId: productImage.id,
      productImageFormat: productImage.format,
    })
    .from(products)
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .leftJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
    .leftJoin(users, eq(users.id, products.creatorId))
    .leftJoin(authorImage, eq(authorImage.id, products.authorImageId))
    .leftJoin(productImage, eq(productImage.id, products.productImageId))
    .where(and(eq(products.id, id), visibleTo(actor)));
  if (!row) return null;
  const [cats, methods, photos] = await Promise.all([
    db
      .select({ id: categories.id, title: categories.title, isMainCategory: categories.isMainCategory })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, id))
      .orderBy(asc(categories.title)),
    db
      .select({ id: deliveryMethods.id, name: deliveryMethods.name, priceCents: deliveryMethods.priceCents })
      .from(productDeliveryMethods)
      .innerJoin(deliveryMethods, eq(deliveryMethods.id, productDeliveryMethods.deliveryMethodId))
      .where(eq(productDeliveryMethods.productId, id))
      .orderBy(asc(deliveryMethods.id)),
    db
      .select({ id: images.id, format: images.format })
      .from(productImages)
      .innerJoin(images, eq(images.id, productImages.imageId))
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
  ]);
  const p = row.p;
  const [length, width, height] = [num(p.lengthCm), num(p.widthCm), num(p.heightCm)];
  return {
    id: p.id,
    tenantId: p.tenantId,
    workspaceName: row.workspaceName,
    productNumber: p.productNumber,
    name: p.name,
    description: p.description,
    extraInformation: p.extraInformation,
    material: p.material,
    isUniqueEdition: p.isUniqueEdition,
    categories: cats.filter((c) => c.isMainCategory),
    customCategories: cats.filter((c) => !c.isMainCategory),
    price: fromCents(p.priceCents),
    weight: p.weightGrams,
    length,
    width,
    height,
    format: formatDimensions(length, width, height),
    quantity: p.quantity,
    deliveryMethods: methods.map((m) => ({ id: m.id, name: m.name, price: fromCents(m.priceCents) })),
    images: photos.map((i) => toImage(i)),
    productImage: imageOrNull({ id: row.productImageId, format: row.productImageFormat }),
    authorName: p.authorName,
    authorDescription: p.authorDescription,
    authorImage: imageOrNull({ id: row.authorImageId, format: row.authorImageFormat }),
    isPublished: p.isPublished,
    isReserved: p.isReserved,
    isSold: p.isSold,
    isAvailable: !p.isSold && p.quantity > 0,
    viewCount: p.viewCount,
    creatorId: p.creatorId,
    creatorFullName: row.creatorFullName,
  };
}

/** Rows for the featured list and the search, any tenant (super admin only). */
export async function productsByIds(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      productNumber: products.productNumber,
      name: products.name,
      workspaceName,
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

export { imageOrNull, workspaceName };
