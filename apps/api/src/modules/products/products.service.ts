/** Product use cases (spec 5, 6, 7.4): every rule checked here, every query scoped to the caller's tenant. */
import {
  ERROR_CODES,
  MESSAGES,
  type Product,
  type ProductInputParsed,
  type ProductListItem,
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
import { AppError, fieldError, forbidden, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../plugins/auth.ts';
import { ensureCustomCategories, existingMainCategoryIds } from '../categories/categories.service.ts';
import { imagesByIds } from '../images/images.service.ts';
import { nextProductNumber } from './product-numbers.ts';
import { getProduct, listProducts } from './product-queries.ts';

export function list(ctx: AppContext, actor: Actor, limit: number): Promise<ProductListItem[]> {
  return listProducts(ctx, actor, limit);
}

export async function get(ctx: AppContext, actor: Actor, id: string): Promise<Product> {
  const product = await getProduct(ctx.db, actor, id);
  if (!product) throw notFound();
  return product;
}

function tenantOf(actor: Actor): string {
  if (!actor.tenantId) throw forbidden();
  return actor.tenantId;
}

/** A product of the caller's tenant that the caller may change: 404 for another tenant's, 403 for a colleague's. */
async function findWritable(db: Tx | AppContext['db'], actor: Actor, id: string) {
  const tenantId = tenantOf(actor);
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.tenantId, tenantId)));
  if (!row) throw notFound();
  if (actor.kind === 'user' && row.creatorId !== actor.userId) throw forbidden();
  return row;
}

/** The references of the input (categories, photos, author image) must exist and belong to the caller's tenant. */
async function checkReferences(db: Tx, tenantId: string, input: ProductInputParsed) {
  const mainIds = [...new Set(input.categoryIds)];
  const found = await existingMainCategoryIds(db, mainIds);
  if (found.size !== mainIds.length) throw fieldError('categoryIds', MESSAGES.categoryUnknown);

  if (new Set(input.imageIds).size !== input.imageIds.length) throw fieldError('imageIds', MESSAGES.fieldInvalid);
  const ids = [...input.imageIds, ...(input.authorImageId ? [input.authorImageId] : [])];
  const rows = await imagesByIds(db, ids);
  for (const id of input.imageIds) {
    const image = rows.get(id);
    if (!image || image.tenantId !== tenantId) throw fieldError('imageIds', MESSAGES.imageNotOwned);
    // Spec 5: product photos are JPEG only; the stored format comes from the file's bytes, not its name.
    if (image.format !== 'jpeg') throw fieldError('imageIds', MESSAGES.imageNotJpeg);
  }
  if (input.authorImageId) {
    const image = rows.get(input.authorImageId);
    if (!image || image.tenantId !== tenantId) throw fieldError('authorImageId', MESSAGES.imageNotOwned);
  }
}

function columnsOf(input: ProductInputParsed) {
  const dim = (v: number | null) => (v == null ? null : String(v));
  return {
    name: input.name,
    description: input.description,
    extraInformation: input.extraInformation,
    material: input.material,
    isUniqueEdition: input.isUniqueEdition,
    quantity: input.isUniqueEdition ? 1 : input.quantity,
    priceCents: toCents(input.price),
    weightGrams: input.weight == null ? null : Math.round(input.weight),
    lengthCm: dim(input.length),
    widthCm: dim(input.width),
    heightCm: dim(input.height),
    productImageId: input.imageIds[0] ?? null,
    authorName: input.authorName,
    authorDescription: input.authorDescription,
    authorImageId: input.authorImageId,
  };
}

async function writeLinks(tx: Tx, productId: string, input: ProductInputParsed) {
  const customIds = await ensureCustomCategories(tx, input.customCategories);
  const categoryIds = [...new Set([...input.categoryIds, ...customIds])];
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.delete(productDeliveryMethods).where(eq(productDeliveryMethods.productId, productId));
  await tx.delete(productImages).where(eq(productImages.productId, productId));
  await tx.insert(productCategories).values(categoryIds.map((categoryId) => ({ productId, categoryId })));
  await tx
    .insert(productDeliveryMethods)
    .values(input.deliveryMethodIds.map((deliveryMethodId) => ({ productId, deliveryMethodId })));
  if (input.imageIds.length)
    await tx
      .insert(productImages)
      .values(input.imageIds.map((imageId, position) => ({ productId, imageId, position })));
}

export async function create(ctx: AppContext, actor: Actor, input: ProductInputParsed): Promise<Product> {
  const tenantId = tenantOf(actor);
  const id = await ctx.db.transaction(async (tx) => {
    await checkReferences(tx, tenantId, input);
    const productNumber = await nextProductNumber(tx, tenantId);
    const [row] = await tx
      .insert(products)
      .values({ ...columnsOf(input), tenantId, productNumber, creatorId: actor.userId })
      .returning({ id: products.id });
    if (!row) throw new Error('product insert returned nothing');
    await writeLinks(tx, row.id, input);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId,
      action: 'product.create',
      entityType: 'product',
      entityId: row.id,
    });
    return row.id;
  });
  return get(ctx, actor, id);
}

export async function update(ctx: AppContext, actor: Actor, id: string, input: ProductInputParsed): Promise<Product> {
  const tenantId = tenantOf(actor);
  await ctx.db.transaction(async (tx) => {
    await findWritable(tx, actor, id);
    await checkReferences(tx, tenantId, input);
    await tx
      .update(products)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.tenantId, tenantId)));
    await writeLinks(tx, id, input);
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId,
      action: 'product.update',
      entityType: 'product',
      entityId: id,
    });
  });
  return get(ctx, actor, id);
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const tenantId = tenantOf(actor);
  await ctx.db.transaction(async (tx) => {
    await findWritable(tx, actor, id);
    const [inUse] = await tx
      .select({ id: reservationProducts.productId })
      .from(reservationProducts)
      .where(eq(reservationProducts.productId, id))
      .limit(1);
    if (inUse) throw new AppError(ERROR_CODES.conflict, MESSAGES.productInReservation);
    await tx.delete(products).where(and(eq(products.id, id), eq(products.tenantId, tenantId)));
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId,
      action: 'product.delete',
      entityType: 'product',
      entityId: id,
    });
  });
}

/** Spec 7.4 duplicate: an independent concept copy with its own number, categories, methods and photos. */
export async function duplicate(ctx: AppContext, actor: Actor, id: string): Promise<Product> {
  const tenantId = tenantOf(actor);
  const copyId = await ctx.db.transaction(async (tx) => {
    const original = await findWritable(tx, actor, id);
    const productNumber = await nextProductNumber(tx, tenantId);
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
      tenantId,
      action: 'product.duplicate',
      entityType: 'product',
      entityId: row.id,
      data: { from: id },
    });
    return row.id;
  });
  return get(ctx, actor, copyId);
}

export async function setPublished(ctx: AppContext, actor: Actor, id: string, isPublished: boolean): Promise<void> {
  const tenantId = tenantOf(actor);
  await ctx.db.transaction(async (tx) => {
    await findWritable(tx, actor, id);
    await tx
      .update(products)
      .set({ isPublished, updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.tenantId, tenantId)));
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId,
      action: isPublished ? 'product.publish' : 'product.unpublish',
      entityType: 'product',
      entityId: id,
    });
  });
}
