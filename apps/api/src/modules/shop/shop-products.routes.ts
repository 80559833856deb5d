import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notModified } from '../../lib/list-etag.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as shopProducts from './shop-products.service.ts';

/** The web shop's products and categories: public, only what is published. */
export function shopProductsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listShopProducts, async (req, reply) => {
    if (await notModified(ctx.database, req, reply, { tenantId: null, who: 'shop', visibility: 'public' }))
      return reply;
    return shopProducts.listProducts(ctx, req.query);
  });
  route(app, endpoints.listShopFeaturedProducts, () => shopProducts.featured(ctx));
  route(app, endpoints.getShopProduct, (req) =>
    shopProducts.productPage(ctx, req.params.id, { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }),
  );
  route(app, endpoints.listShopCategories, () => shopProducts.shopCategories(ctx));
}
