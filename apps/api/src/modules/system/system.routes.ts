import {
  AUTHOR_DESCRIPTION_MAX,
  ERROR_CODES,
  endpoints,
  FEE_PERCENT,
  MAX_FEATURED_PRODUCTS,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  MESSAGES,
  MIN_PRICE,
  PRODUCT_NAME,
  SESSION_CHECK_INTERVAL_MS,
  TAX_PERCENT,
} from '@ateliermarkt/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { roles, tenants, workspaces } from '../../db/schema/index.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { envelope } from '../../plugins/error-handler.ts';
import { tenantUrl } from '../users/user-queries.ts';
import { databaseWritable } from './health.ts';

export function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getHealth, async (request, reply) => {
    const writable = await databaseWritable(ctx.database).catch((err: unknown) => {
      request.log.warn({ err }, 'health: the database does not answer');
      return null;
    });
    if (writable === false) request.log.warn('health: the database takes no writes');
    if (!writable) return reply.code(503).send(envelope(ERROR_CODES.unavailable, MESSAGES.databaseUnavailable));
    return { status: 'ok' as const, database: ctx.database.kind, version: '0.1.0' };
  });

  route(app, endpoints.getSettings, async () => ({
    productName: PRODUCT_NAME,
    taxPercent: TAX_PERCENT,
    feePercent: FEE_PERCENT,
    minPrice: MIN_PRICE,
    maxProductImages: MAX_PRODUCT_IMAGES,
    maxFeaturedProducts: MAX_FEATURED_PRODUCTS,
    maxImageBytes: MAX_IMAGE_BYTES,
    authorDescriptionMax: AUTHOR_DESCRIPTION_MAX,
    sessionCheckIntervalMs: SESSION_CHECK_INTERVAL_MS,
  }));

  route(app, endpoints.listAvailableWorkspaces, async () => {
    const rows = await ctx.db
      .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, published: workspaces.isPublished })
      .from(tenants)
      .leftJoin(workspaces, eq(workspaces.tenantId, tenants.id))
      .orderBy(asc(tenants.name));
    return rows.map((t) => ({ id: t.id, name: t.name, url: tenantUrl(ctx.config.shopUrl, t.slug, t.published) }));
  });

  route(app, endpoints.listRoles, async () => {
    const items = await ctx.db.select().from(roles).orderBy(asc(roles.name));
    const typed = items.map((r) => ({ id: r.id, name: r.name === 'admin' ? ('admin' as const) : ('user' as const) }));
    return { items: typed, totalCount: typed.length };
  });
}
