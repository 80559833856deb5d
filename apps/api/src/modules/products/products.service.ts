/** Product use cases: every rule checked here, every query scoped to the caller's tenant. */
import {
  ERROR_CODES,
  MESSAGES,
  type Product,
  type ProductInputParsed,
  type ProductListRequest,
  type ProductPage,
  toCents,
} from '@ateliermarkt/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  productCategories,
  productDeliveryMethods,
  productImages,
  products,
  reservationProducts,
} from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { createInTransaction } from '../../lib/idempotency.ts';
import type { Actor } from '../../plugins/auth.ts';
import { ensureCustomCategories } from '../categories/index.ts';
import { checkReferences, refuseReadOnlyChanges, resolveSizes } from './product-input.ts';
import { nextProductNumber } from './product-numbers.ts';
import { countProducts, getProduct, listProducts } from './product-queries.ts';

/**
 * GET products. The original call (only maxResultCount) is the newest products; anything the overview adds (a page, a
 * search, a filter, an order) makes it one page of every match. `totalCount` is always the total (a client that pages by it
 * needs it), also when maxResultCount cut the list short.
 */
export async function list(ctx: AppContext, actor: Actor, query: ProductListRequest): Promise<ProductPage> {
  const { maxResultCount, skipCount, sorting, ...filter } = query;
  const page = { limit: maxResultCount, offset: skipCount ?? 0, sorting };
  const paged = skipCount !== undefined || sorting !== undefined || Object.values(filter).some((v) => v !== undefined);
  if (!paged) {
    const [items, totalCount] = await Promise.all([listProducts(ctx, actor, page), countProducts(ctx, actor, filter)]);
    return { items, totalCount };
  }
  const [items, totalCount] = await Promise.all([
    listProducts(ctx, actor, page, filter),
    countProducts(ctx, actor, filter),
  ]);
  return { items, totalCount };
}

export async function get(ctx: AppContext, actor: Actor, id: string): Promise<Product> {
  const product = await getProduct(ctx.database, actor, id);
  if (!product) throw notFound();
  return product;
}

function workshopOf(actor: Actor): string {
  if (!actor.tenantId) throw forbidden();
  return actor.tenantId;
}

/** A product of the caller's tenant that the caller may change: 404 for another tenant's, 403 for a colleague's. */
async function findWritable(db: Tx | AppContext['db'], actor: Actor, id: string) {
  const workshopId = workshopOf(actor);
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.tenantId, workshopId)));
  if (!row) throw notFound();
  if (actor.kind === 'user' && row.creatorId !== actor.userId) throw forbidden();
  return row;
}

function columnsOf(input: ProductInputParsed, stored: typeof products.$inferSelect | null) {
  const dim = (v: number | null) => (v == null ? null : String(v));
  const num = (v: string | null) => (v == null ? null : Number(v));
  const [length, width, height] = resolveSizes(
    input,
    stored ? [num(stored.lengthCm), num(stored.widthCm), num(stored.heightCm)] : null,
  );
  return {
    name: input.name,
    description: input.description,
    extraInformation: input.extraInformation,
    material: input.material,
    isUniqueEdition: input.isUniqueEdition,
    madeToMeasure: input.madeToMeasure,
    quantity: input.isUniqueEdition ? 1 : input.quantity,
    priceCents: toCents(input.price),
    weightGrams: input.weight == null ? null : Math.round(input.weight),
    lengthCm: dim(length),
    widthCm: dim(width),
    heightCm: dim(height),
    productImageId: input.images[0]?.id ?? null,
    authorName: input.authorName,
    authorDescription: input.authorDescription,
    authorImageId: input.authorImage?.id ?? null,
  };
}

async function writeLinks(tx: Tx, productId: string, input: ProductInputParsed) {
  // A custom category sent with its id is that one (its title was checked); one without is found or made by title.
  const customIds = [
    ...input.customCategories.flatMap((c) => (c.id ? [c.id] : [])),
    ...(await ensureCustomCategories(
      tx,
      input.customCategories.flatMap((c) => (c.id ? [] : [c.title])),
    )),
  ];
  const categoryIds = [...new Set([...input.categories.map((c) => c.id), ...customIds])];
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.delete(productDeliveryMethods).where(eq(productDeliveryMethods.productId, productId));
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId, categoryId })));
  await tx
    .insert(productDeliveryMethods)
    .values(input.deliveryMethods.map((m) => ({ productId, deliveryMethodId: m.id })));
  if (input.images.length)
    await tx
      .insert(productImages)
      .values(input.images.map((image, position) => ({ productId, imageId: image.id, position })));
}

/** How a write came about, for the audit entry (an import names itself), and a publish state to set with it. */
export type WriteOptions = { auditData?: Record<string, unknown>; isPublished?: boolean };

/** Creates a product inside the caller's transaction: every reference checked, numbered, audited. */
export async function createIn(
  tx: Tx,
  actor: Actor,
  input: ProductInputParsed,
  options: WriteOptions = {},
): Promise<string> {
  const workshopId = workshopOf(actor);
  // A new product gets its own id, number, creator and counters: those of a GET body sent here are not taken over.
  await checkReferences(tx, workshopId, input);
  const productNumber = await nextProductNumber(tx, workshopId);
  const [row] = await tx
    .insert(products)
    .values({
      ...columnsOf(input, null),
      tenantId: workshopId,
      productNumber,
      creatorId: actor.userId,
      ...(options.isPublished === undefined ? {} : { isPublished: options.isPublished }),
    })
    .returning({ id: products.id });
  if (!row) throw new Error('product insert returned nothing');
  await writeLinks(tx, row.id, input);
  await audit(tx, {
    actorUserId: actor.userId,
    tenantId: workshopId,
    action: 'product.create',
    entityType: 'product',
    entityId: row.id,
    ...(options.auditData ? { data: options.auditData } : {}),
  });
  return row.id;
}

/** The product as GET shows it, read in the transaction that made it (its answer is recorded there too). */
async function shownIn(tx: Tx, actor: Actor, id: string): Promise<Product> {
  const product = await getProduct(tx, actor, id);
  if (!product) throw notFound();
  return product;
}

export async function create(ctx: AppContext, actor: Actor, input: ProductInputParsed): Promise<Product> {
  return createInTransaction(ctx.db, async (tx) => shownIn(tx, actor, await createIn(tx, actor, input)));
}

/** Changes a product inside the caller's transaction, by the same rules as PUT. */
export async function updateIn(
  tx: Tx,
  actor: Actor,
  id: string,
  input: ProductInputParsed,
  options: WriteOptions = {},
): Promise<void> {
  const workshopId = workshopOf(actor);
  const stored = await findWritable(tx, actor, id);
  const shown = await getProduct(tx, actor, id);
  if (!shown) throw notFound();
  refuseReadOnlyChanges(shown, input);
  await checkReferences(tx, workshopId, input);
  // Publishing is the workshop admin's, as with publish-status.
  if (options.isPublished !== undefined && options.isPublished !== stored.isPublished && actor.kind !== 'workshopAdmin')
    throw forbidden();
  await tx
    .update(products)
    .set({
      ...columnsOf(input, stored),
      ...(options.isPublished === undefined ? {} : { isPublished: options.isPublished }),
      updatedAt: new Date(),
    })
    .where(and(eq(products.id, id), eq(products.tenantId, workshopId)));
  await writeLinks(tx, id, input);
  await audit(tx, {
    actorUserId: actor.userId,
    tenantId: workshopId,
    action: 'product.update',
    entityType: 'product',
    entityId: id,
    ...(options.auditData ? { data: options.auditData } : {}),
  });
}

export async function update(ctx: AppContext, actor: Actor, id: string, input: ProductInputParsed): Promise<Product> {
  await ctx.db.transaction((tx) => updateIn(tx, actor, id, input));
  return get(ctx, actor, id);
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const workshopId = workshopOf(actor);
  await ctx.db.transaction(async (tx) => {
    await findWritable(tx, actor, id);
    const [inUse] = await tx
      .select({ id: reservationProducts.productId })
      .from(reservationProducts)
      .where(eq(reservationProducts.productId, id))
      .limit(1);
    if (inUse) throw new AppError(ERROR_CODES.conflict, MESSAGES.productInReservation);
    await tx.delete(products).where(and(eq(products.id, id), eq(products.tenantId, workshopId)));
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: workshopId,
      action: 'product.delete',
      entityType: 'product',
      entityId: id,
    });
  });
}

/** Duplicate: an independent concept copy with its own number, categories, methods and photos. */
export async function duplicate(ctx: AppContext, actor: Actor, id: string): Promise<Product> {
  const workshopId = workshopOf(actor);
  return createInTransaction(ctx.db, async (tx) => {
    const original = await findWritable(tx, actor, id);
    const productNumber = await nextProductNumber(tx, workshopId);
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = original;
    const [row] = await tx
      .insert(products)
      .values({
        ...fields,
        productNumber,
        name: `${original.name} (kopie)`.slice(0, 128),
        isPublished: false,
        isReserved: false,
        isSold: false,
        viewCount: 0,
        creatorId: actor.userId,
      })
      .returning({ id: products.id });
    if (!row) throw new Error('product copy returned nothing');
    await tx.execute(sql`insert into product_categories (product_id, category_id)
      select ${row.id}, category_id from product_categories where product_id = ${id}`);
    await tx.execute(sql`insert into product_delivery_methods (product_id, delivery_method_id)
      select ${row.id}, delivery_method_id from product_delivery_methods where product_id = ${id}`);
    await tx.execute(sql`insert into product_images (product_id, image_id, position)
      select ${row.id}, image_id, position from product_images where product_id = ${id}`);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: workshopId,
      action: 'product.duplicate',
      entityType: 'product',
      entityId: row.id,
      data: { from: id },
    });
    return shownIn(tx, actor, row.id);
  });
}

export async function setPublished(ctx: AppContext, actor: Actor, id: string, isPublished: boolean): Promise<void> {
  const workshopId = workshopOf(actor);
  await ctx.db.transaction(async (tx) => {
    await findWritable(tx, actor, id);
    await tx
      .update(products)
      .set({ isPublished, updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.tenantId, workshopId)));
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: workshopId,
      action: isPublished ? 'product.publish' : 'product.unpublish',
      entityType: 'product',
      entityId: id,
    });
  });
}
