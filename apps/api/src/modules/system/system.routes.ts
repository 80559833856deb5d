import {
  AUTHOR_DESCRIPTION_MAX,
  availableTenantsResponseSchema,
  ERROR_CODES,
  errorEnvelopeSchema,
  FEE_PERCENT,
  healthSchema,
  MAX_FEATURED_PRODUCTS,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
  MESSAGES,
  MIN_PRICE,
  PRODUCT_NAME,
  rolesResponseSchema,
  SESSION_CHECK_INTERVAL_MS,
  settingsSchema,
  TAX_PERCENT,
} from '@ateliermarkt/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { roles, tenants, workspaces } from '../../db/schema/index.ts';
import { requireRole } from '../../plugins/auth.ts';
import { envelope } from '../../plugins/error-handler.ts';
import { tenantUrl } from '../auth/index.ts';
import { databaseWritable } from './health.ts';

export function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        security: [],
        summary: 'Werkt de server en neemt zijn database schrijfacties aan?',
        response: { 200: healthSchema, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const writable = await databaseWritable(ctx.database).catch((err: unknown) => {
        request.log.warn({ err }, 'health: the database does not answer');
        return null;
      });
      if (writable === false) request.log.warn('health: the database takes no writes');
      if (!writable) return reply.code(503).send(envelope(ERROR_CODES.unavailable, MESSAGES.databaseUnavailable));
      return { status: 'ok' as const, database: ctx.database.kind, version: '0.1.0' };
    },
  );

  r.get(
    '/settings',
    {
      schema: {
        tags: ['system'],
        operationId: 'getSettings',
        security: [],
        summary: 'De instellingen waarmee de web-app rekent (btw, commissie, grenzen)',
        response: { 200: settingsSchema },
      },
    },
    async () => ({
      productName: PRODUCT_NAME,
      taxPercent: TAX_PERCENT,
      feePercent: FEE_PERCENT,
      minPrice: MIN_PRICE,
      maxProductImages: MAX_PRODUCT_IMAGES,
      maxFeaturedProducts: MAX_FEATURED_PRODUCTS,
      maxImageBytes: MAX_IMAGE_BYTES,
      authorDescriptionMax: AUTHOR_DESCRIPTION_MAX,
      sessionCheckIntervalMs: SESSION_CHECK_INTERVAL_MS,
    }),
  );

  r.get(
    '/workspaces/available',
    {
      schema: {
        tags: ['workspaces'],
        operationId: 'listAvailableWorkspaces',
        security: [],
        summary: 'Ateliers voor de keuzelijst bij het inloggen',
        response: { 200: availableTenantsResponseSchema },
      },
    },
    async () => {
      const rows = await ctx.db
        .select({ id: tenants.id, name: tenants.name, slug: tenants.slug, published: workspaces.isPublished })
        .from(tenants)
        .leftJoin(workspaces, eq(workspaces.tenantId, tenants.id))
        .orderBy(asc(tenants.name));
      return rows.map((t) => ({ id: t.id, name: t.name, url: tenantUrl(ctx.config.shopUrl, t.slug, t.published) }));
    },
  );

  r.get(
    '/identity/roles/all',
    {
      onRequest: requireRole('superAdmin', 'workshopAdmin'),
      schema: {
        tags: ['identity'],
        operationId: 'listRoles',
        summary: 'De rollen (admin, user)',
        response: { 200: rolesResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async () => {
      const items = await ctx.db.select().from(roles).orderBy(asc(roles.name));
      const typed = items.map((r) => ({ id: r.id, name: r.name === 'admin' ? ('admin' as const) : ('user' as const) }));
      return { items: typed, totalCount: typed.length };
    },
  );
}
