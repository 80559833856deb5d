import {
  errorEnvelopeSchema,
  productIdParamsSchema,
  shopCategoriesResponseSchema,
  shopFeaturedProductsResponseSchema,
  shopProductSchema,
  shopProductsQuerySchema,
  shopProductsResponseSchema,
} from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notModified } from '../../lib/list-etag.ts';
import * as shopProducts from './shop-products.service.ts';

const publicRoute = { tags: ['shop'], security: [] };

/** The web shop's products and categories: public, only what is published (DECISIONS.md, Shape of the API). */
export function shopProductsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/shop/products',
    {
      schema: {
        ...publicRoute,
        operationId: 'listShopProducts',
        summary: 'Gepubliceerde producten van gepubliceerde ateliers, per pagina, nieuwste eerst',
        querystring: shopProductsQuerySchema,
        response: { 200: shopProductsResponseSchema, 400: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      if (await notModified(ctx.database, req, reply, { tenantId: null, who: 'shop', visibility: 'public' }))
        return reply;
      return shopProducts.listProducts(ctx, req.query);
    },
  );
  r.get(
    '/shop/products/featured',
    {
      schema: {
        ...publicRoute,
        operationId: 'listShopFeaturedProducts',
        summary: 'De uitgelichte producten, in volgorde',
        response: { 200: shopFeaturedProductsResponseSchema },
      },
    },
    () => shopProducts.featured(ctx),
  );
  r.get(
    '/shop/products/:id',
    {
      schema: {
        ...publicRoute,
        operationId: 'getShopProduct',
        summary: 'De pagina van een product (telt als bekeken, eens per bezoeker per dag)',
        params: productIdParamsSchema,
        response: { 200: shopProductSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    (req) => shopProducts.productPage(ctx, req.params.id, { ip: req.ip, userAgent: req.headers['user-agent'] ?? '' }),
  );
  r.get(
    '/shop/categories',
    {
      schema: {
        ...publicRoute,
        operationId: 'listShopCategories',
        summary: 'De hoofdcategorieën en de eigen categorieën met producten in de webshop',
        response: { 200: shopCategoriesResponseSchema },
      },
    },
    () => shopProducts.shopCategories(ctx),
  );
}
