import {
  errorEnvelopeSchema,
  newsletterSignupSchema,
  shopFaqSchema,
  shopPageSchema,
  shopPagesResponseSchema,
  shopResourcesResponseSchema,
  shopSlugParamsSchema,
  shopSubcategoriesResponseSchema,
  shopWorkspaceSchema,
  shopWorkspacesResponseSchema,
} from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import * as shop from './shop.service.ts';

const notFoundResponse = { 404: errorEnvelopeSchema };
const publicRoute = { tags: ['shop'], security: [] };

/** The web shop's public, unauthenticated read API (DECISIONS.md, Shape of the API). */
export function shopRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/shop/workspaces',
    {
      schema: {
        ...publicRoute,
        operationId: 'listShopWorkspaces',
        summary: 'Gepubliceerde ateliers, het uitgelichte eerst',
        response: { 200: shopWorkspacesResponseSchema },
      },
    },
    () => shop.publishedWorkspaces(ctx),
  );
  r.get(
    '/shop/workspaces/featured',
    {
      schema: {
        ...publicRoute,
        operationId: 'getShopFeaturedWorkspace',
        summary: 'Het uitgelichte atelier',
        response: { 200: shopWorkspaceSchema, ...notFoundResponse },
      },
    },
    () => shop.featuredWorkspace(ctx),
  );
  r.get(
    '/shop/workspaces/:slug',
    {
      schema: {
        ...publicRoute,
        operationId: 'getShopWorkspace',
        summary: 'Een gepubliceerd atelier',
        params: shopSlugParamsSchema,
        response: { 200: shopWorkspaceSchema, ...notFoundResponse },
      },
    },
    (req) => shop.workspaceBySlug(ctx, req.params.slug),
  );
  r.get(
    '/shop/pages',
    {
      schema: {
        ...publicRoute,
        operationId: 'listShopPages',
        summary: "Pagina's van het hoofdmenu en de footer",
        response: { 200: shopPagesResponseSchema },
      },
    },
    () => shop.pageMenus(ctx),
  );
  r.get(
    '/shop/pages/:slug',
    {
      schema: {
        ...publicRoute,
        operationId: 'getShopPage',
        summary: 'Een pagina met inhoud',
        params: shopSlugParamsSchema,
        response: { 200: shopPageSchema, ...notFoundResponse },
      },
    },
    (req) => shop.pageBySlug(ctx, req.params.slug),
  );
  r.get(
    '/shop/faq',
    {
      schema: {
        ...publicRoute,
        operationId: 'getShopFaq',
        summary: 'De FAQ van de webshop',
        response: { 200: shopFaqSchema },
      },
    },
    () => shop.shopFaq(ctx),
  );
  r.get(
    '/shop/resources',
    {
      schema: {
        ...publicRoute,
        operationId: 'listShopResources',
        summary: 'De teksten van de webshop',
        response: { 200: shopResourcesResponseSchema },
      },
    },
    () => shop.shopResources(ctx),
  );
  r.get(
    '/shop/subcategories',
    {
      schema: {
        ...publicRoute,
        operationId: 'listShopSubcategories',
        summary: 'De subcategorieën',
        response: { 200: shopSubcategoriesResponseSchema },
      },
    },
    () => shop.shopSubcategories(ctx),
  );
  r.post(
    '/shop/newsletter',
    {
      config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        ...publicRoute,
        operationId: 'subscribeToNewsletter',
        summary: 'Aanmelden voor de nieuwsbrief (een tweede aanmelding verandert niets)',
        body: newsletterSignupSchema,
        response: { 204: z.null().describe('Aangemeld'), 400: errorEnvelopeSchema, 429: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      await shop.signUpForNewsletter(ctx, req.body);
      return reply.status(204).send(null);
    },
  );
}
