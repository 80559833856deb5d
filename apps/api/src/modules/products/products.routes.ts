import { endpoints, MESSAGES } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/app-error.ts';
import { backOfficeScope, notModified } from '../../lib/list-etag.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as featured from './featured.service.ts';
import { bulk } from './product-bulk.service.ts';
import { listDeliveryMethods } from './product-reference-data.ts';
import * as service from './products.service.ts';

/** Each route names who may call it; the service scopes every query to the caller's tenant. */
export function productsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listProducts, async (req, reply) => {
    const actor = actorOf(req);
    if (await notModified(ctx.database, req, reply, backOfficeScope(actor))) return reply;
    return service.list(ctx, actor, req.query);
  });

  route(app, endpoints.listDeliveryMethods, () => listDeliveryMethods(ctx.db));

  route(app, endpoints.listFeaturedProducts, () => featured.listFeatured(ctx));

  route(app, endpoints.saveFeaturedProducts, (req) =>
    featured.saveFeatured(ctx, actorOf(req), req.body.featuredProducts),
  );

  route(app, endpoints.searchProducts, (req) => featured.search(ctx, req.body.query));

  route(app, endpoints.bulkProducts, (req) => bulk(ctx, actorOf(req), req.body.action, req.body.ids));

  route(app, endpoints.getProduct, (req) => service.get(ctx, actorOf(req), req.params.id));

  route(app, endpoints.createProduct, (req) => service.create(ctx, actorOf(req), req.body));

  route(app, endpoints.updateProduct, (req) => service.update(ctx, actorOf(req), req.params.id, req.body));

  route(app, endpoints.deleteProduct, async (req, reply) => {
    await service.remove(ctx, actorOf(req), req.params.id);
    return reply.status(204).send(null);
  });

  route(app, endpoints.duplicateProduct, (req) => service.duplicate(ctx, actorOf(req), req.params.id));

  route(app, endpoints.setProductPublishStatus, async (req, reply) => {
    if (req.body.id !== req.params.id) throw fieldError('id', MESSAGES.bodyIdMismatch);
    await service.setPublished(ctx, actorOf(req), req.params.id, req.body.isPublished);
    return reply.status(204).send(null);
  });
}
