import {
  deliveryMethodsResponseSchema,
  errorEnvelopeSchema,
  featuredProductsRequestSchema,
  featuredProductsResponseSchema,
  MESSAGES,
  productIdParamsSchema,
  productInputSchema,
  productListQuerySchema,
  productListResponseSchema,
  productPublishStatusSchema,
  productSchema,
  productSearchRequestSchema,
  productSearchResponseSchema,
} from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/app-error.ts';
import { backOfficeScope, notModified } from '../../lib/list-etag.ts';
import { actorOf, requireAuth, requireRole } from '../../plugins/auth.ts';
import * as featured from './featured.service.ts';
import { listDeliveryMethods } from './product-reference-data.ts';
import * as service from './products.service.ts';

const e = errorEnvelopeSchema;
const errors = { 400: e, 401: e, 403: e, 404: e, 409: e };
const noContent = { 204: z.null().describe('Gelukt') };
const tags = ['products'];
const makers = requireRole('workshopAdmin', 'user');
const workshopAdmin = requireRole('workshopAdmin');
const superAdmin = requireRole('superAdmin');

/** Spec 7.4. Each route names who may call it; the service scopes every query to the caller's tenant. */
export function productsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/products',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        operationId: 'listProducts',
        summary: 'De producten van het eigen atelier (super admin: alle)',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      if (await notModified(ctx.database, req, reply, backOfficeScope(actor))) return reply;
      const items = await service.list(ctx, actor, req.query.maxResultCount);
      return { items, totalCount: items.length };
    },
  );

  r.get(
    '/products/delivery-methods',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        operationId: 'listDeliveryMethods',
        summary: 'De verzendmethoden met hun prijs',
        response: { 200: deliveryMethodsResponseSchema, ...errors },
      },
    },
    () => listDeliveryMethods(ctx.db),
  );

  r.get(
    '/products/featured',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'listFeaturedProducts',
        summary: 'De uitgelichte producten',
        response: { 200: featuredProductsResponseSchema, ...errors },
      },
    },
    () => featured.listFeatured(ctx),
  );

  r.post(
    '/products/featured',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'saveFeaturedProducts',
        summary: 'De uitgelichte producten opslaan, in volgorde',
        body: featuredProductsRequestSchema,
        response: { 200: featuredProductsResponseSchema, ...errors },
      },
    },
    (req) => featured.saveFeatured(ctx, actorOf(req), req.body.featuredProducts),
  );

  r.post(
    '/products/search',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'searchProducts',
        summary: 'Producten zoeken op naam (om uit te lichten)',
        body: productSearchRequestSchema,
        response: { 200: productSearchResponseSchema, ...errors },
      },
    },
    (req) => featured.search(ctx, req.body.query),
  );

  r.get(
    '/products/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        operationId: 'getProduct',
        summary: 'Een product',
        params: productIdParamsSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    (req) => service.get(ctx, actorOf(req), req.params.id),
  );

  r.post(
    '/products',
    {
      onRequest: makers,
      schema: {
        tags,
        operationId: 'createProduct',
        summary: 'Een product toevoegen',
        body: productInputSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    (req) => service.create(ctx, actorOf(req), req.body),
  );

  r.put(
    '/products/:id',
    {
      onRequest: makers,
      schema: {
        tags,
        operationId: 'updateProduct',
        summary: 'Een product wijzigen',
        params: productIdParamsSchema,
        body: productInputSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    (req) => service.update(ctx, actorOf(req), req.params.id, req.body),
  );

  r.delete(
    '/products/:id',
    {
      onRequest: makers,
      schema: {
        tags,
        operationId: 'deleteProduct',
        summary: 'Een product verwijderen',
        params: productIdParamsSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await service.remove(ctx, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/products/:id/duplicate',
    {
      onRequest: workshopAdmin,
      schema: {
        tags,
        operationId: 'duplicateProduct',
        summary: 'Een product kopiëren, als concept',
        params: productIdParamsSchema,
        response: { 200: productSchema, ...errors },
      },
    },
    (req) => service.duplicate(ctx, actorOf(req), req.params.id),
  );

  r.post(
    '/products/:id/publish-status',
    {
      onRequest: workshopAdmin,
      schema: {
        tags,
        operationId: 'setProductPublishStatus',
        summary: 'Een product publiceren of offline halen',
        params: productIdParamsSchema,
        body: productPublishStatusSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      if (req.body.id !== req.params.id) throw fieldError('id', MESSAGES.bodyIdMismatch);
      await service.setPublished(ctx, actorOf(req), req.params.id, req.body.isPublished);
      return reply.status(204).send(null);
    },
  );
}
