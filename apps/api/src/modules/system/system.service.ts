import {
  AUTHOR_DESCRIPTION_MAX,
  MAX_FEATURED_PRODUCTS,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  MIN_PRICE,
  PRODUCT_NAME,
  SESSION_CHECK_INTERVAL_MS,
} from '@ateliermarkt/contract';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { roles, tenants, workspaces } from '../../db/schema/index.ts';
import { tenantUrl } from '../auth/index.ts';
import { currentRates } from '../settings/index.ts';

/**
 * The settings the web app calculates with (tax, fee, limits). Tax and fee are the super admin's current ones
 * ('Instellingen'), the rates a reservation placed now is given: the wizard's price calculation shows those.
 */
export async function settings(ctx: AppContext) {
  const { taxPercent, feePercent } = await currentRates(ctx.db);
  return {
    productName: PRODUCT_NAME,
    taxPercent,
    feePercent,
    minPrice: MIN_PRICE,
    maxProductImages: MAX_PRODUCT_IMAGES,
    maxFeaturedProducts: MAX_FEATURED_PRODUCTS,
    maxImageBytes: MAX_IMAGE_BYTES,
    authorDescriptionMax: AUTHOR_DESCRIPTION_MAX,
    sessionCheckIntervalMs: SESSION_CHECK_INTERVAL_MS,
  };
}

/** The workshops of the log-in screen's list, with the address of their shop. */
export async function availableWorkshops(ctx: AppContext) {
  const rows = await ctx.db
    .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, published: workspaces.isPublished })
    .from(tenants)
    .leftJoin(workspaces, eq(workspaces.tenantId, tenants.id))
    .orderBy(asc(tenants.name));
  return rows.map((t) => ({ id: t.id, name: t.name, url: tenantUrl(ctx.config.shopUrl, t.slug, t.published) }));
}

/** The roles (admin, user). */
export async function listRoles(ctx: AppContext) {
  const items = await ctx.db.select().from(roles).orderBy(asc(roles.name));
  const typed = items.map((r) => ({ id: r.id, name: r.name === 'admin' ? ('admin' as const) : ('user' as const) }));
  return { items: typed, totalCount: typed.length };
}
