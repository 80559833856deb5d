import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as shop from './shop.service.ts';

/** The web shop's public, unauthenticated read API. */
export function shopRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listShopWorkspaces, () => shop.publishedWorkshops(ctx));
  route(app, endpoints.getShopFeaturedWorkspace, () => shop.featuredWorkshop(ctx));
  route(app, endpoints.getShopWorkspace, (req) => shop.workshopBySlug(ctx, req.params.slug));
  route(app, endpoints.listShopPages, () => shop.pageMenus(ctx));
  route(app, endpoints.getShopPage, (req) => shop.pageBySlug(ctx, req.params.slug));
  route(app, endpoints.getShopFaq, () => shop.shopFaq(ctx));
  route(app, endpoints.listShopResources, () => shop.shopResources(ctx));
  route(app, endpoints.listShopSubcategories, () => shop.shopSubcategories(ctx));
  route(
    app,
    endpoints.subscribeToNewsletter,
    async (req, reply) => {
      await shop.signUpForNewsletter(ctx, req.body);
      return reply.status(204).send(null);
    },
    { config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: 60_000 } } },
  );
}
