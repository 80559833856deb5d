/** Featured products and the search that adds them: the super admin's, across all workshops. */
import {
  FEATURED_PRODUCT_READ_ONLY,
  type FeaturedProduct,
  type FeaturedProductRef,
  featuredIdOf,
  fromCents,
  MAX_FEATURED_PRODUCTS,
  MESSAGES,
  PRODUCT_SEARCH_LIMIT,
  type ProductSearchResult,
} from '@ateliermarkt/contract';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { isAnyOf, preparedSelect } from '../../db/raw-select.ts';
import { featuredProducts, products, tenants, workspaces } from '../../db/schema/index.ts';
import { workshopName } from '../../db/workshop-name.ts';
import { fieldError } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import { changedFields, readOnlyError } from '../../lib/read-only.ts';
import type { Actor } from '../../plugins/auth.ts';
import { imageOrNull, likePattern, productsByIds } from './product-queries.ts';

export async function listFeatured(ctx: AppContext, db = ctx.db): Promise<FeaturedProduct[]> {
  const order = await db
    .select({ id: featuredProducts.productId })
    .from(featuredProducts)
    .orderBy(asc(featuredProducts.position));
  const rows = await productsByIds(
    db,
    order.map((o) => o.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return order.flatMap(({ id }) => {
    const r = byId.get(id);
    if (!r) return [];
    return [toFeatured(r)];
  });
}

function toFeatured(r: Awaited<ReturnType<typeof productsByIds>>[number]): FeaturedProduct {
  return {
    id: r.id,
    productNumber: r.productNumber,
    name: r.name,
    workspaceName: r.workspaceName,
    price: fromCents(r.priceCents),
    isPublished: r.isPublished,
    productImage: imageOrNull({ id: r.imageId, format: r.imageFormat }),
  };
}

/**
 * Replaces the featured list (in the order given); more than 8 is refused with its Dutch message. An entry sent as GET
 * returned it must still say what the product is (403 naming the field that differs).
 */
export async function saveFeatured(
  ctx: AppContext,
  actor: Actor,
  refs: FeaturedProductRef[],
): Promise<FeaturedProduct[]> {
  const ids = refs.map(featuredIdOf);
  if (ids.length > MAX_FEATURED_PRODUCTS)
    throw fieldError('featuredProducts', MESSAGES.featuredMax(MAX_FEATURED_PRODUCTS));
  return ctx.db.transaction(async (tx) => {
    const existing = await productsByIds(tx, ids);
    if (existing.length !== new Set(ids).size) throw fieldError('featuredProducts', MESSAGES.notFound);
    const byId = new Map(existing.map((r) => [r.id, toFeatured(r)]));
    const changed = refs.flatMap((ref, i) =>
      typeof ref === 'string'
        ? []
        : changedFields(byId.get(ref.id) ?? {}, ref, FEATURED_PRODUCT_READ_ONLY, `featuredProducts.${i}.`),
    );
    if (changed.length) throw readOnlyError(changed);
    await tx.delete(featuredProducts);
    if (ids.length)
      await tx.insert(featuredProducts).values(ids.map((productId, position) => ({ productId, position })));
    await audit(tx, {
      actorUserId: actor.userId,
      tenantId: null,
      action: 'product.featured',
      entityType: 'product',
      entityId: null,
      data: { featuredProducts: ids },
    });
    return listFeatured(ctx, tx);
  });
}

// Only what the shop shows can be featured: a published product of a published workshop (as the shop's own
// `isPublic`). A workshop without its profile row is not published.
const workshopIdFields = { id: tenants.id };
const matchingWorkshops = preparedSelect(workshopIdFields, (qb) =>
  qb
    .select(workshopIdFields)
    .from(tenants)
    .innerJoin(workspaces, eq(workspaces.tenantId, tenants.id))
    .where(
      and(
        eq(workspaces.isPublished, true),
        or(ilike(tenants.name, sql.placeholder('pattern')), ilike(workspaces.name, sql.placeholder('pattern'))),
      ),
    ),
);
const resultFields = { id: products.id, name: products.name, workspaceName: workshopName };
const matchingProducts = preparedSelect(resultFields, (qb) =>
  qb
    .select(resultFields)
    .from(products)
    .innerJoin(tenants, eq(tenants.id, products.tenantId))
    .innerJoin(workspaces, eq(workspaces.tenantId, products.tenantId))
    .where(
      and(
        eq(products.isPublished, true),
        eq(workspaces.isPublished, true),
        or(ilike(products.name, sql.placeholder('pattern')), isAnyOf(products.tenantId, sql.placeholder('tenantIds'))),
      ),
    )
    .orderBy(asc(products.name))
    .limit(PRODUCT_SEARCH_LIMIT),
);

/**
 * Search as you type on product name and workshop name, among published products of published workshops; a handful
 * of results, fast. The few workshops whose name
 * matches first; then one products query the trigram index on the name can answer. Both statements are built once.
 */
export async function search(ctx: AppContext, query: string): Promise<ProductSearchResult[]> {
  const q = query.trim();
  if (q.length === 0) return [];
  const pattern = likePattern(q);
  const workshopIds = (await matchingWorkshops(ctx.database, { pattern })).map((t) => t.id);
  return matchingProducts(ctx.database, { pattern, tenantIds: workshopIds });
}
