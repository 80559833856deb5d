import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as faq from './faq.service.ts';
import * as pages from './pages.service.ts';
import * as resources from './resources.service.ts';
import * as subcategories from './subcategories.service.ts';

/** Texts, subcategories, FAQs and shop pages. Only the super admin changes content. */
export function contentRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listResources, () => resources.listResources(ctx));
  route(app, endpoints.setResourceValue, async (req, reply) => {
    await resources.setResourceValue(ctx, actorOf(req), req.params.id, req.body);
    return reply.status(204).send(null);
  });

  route(app, endpoints.listSubcategories, () => subcategories.listSubcategories(ctx));
  route(app, endpoints.getSubcategory, (req) => subcategories.getSubcategory(ctx, req.params.id));
  route(app, endpoints.createSubcategory, (req) => subcategories.createSubcategory(ctx, actorOf(req), req.body));
  route(app, endpoints.updateSubcategory, (req) =>
    subcategories.updateSubcategory(ctx, actorOf(req), req.params.id, req.body),
  );
  route(app, endpoints.deleteSubcategory, async (req, reply) => {
    await subcategories.deleteSubcategory(ctx, actorOf(req), req.params.id);
    return reply.status(204).send(null);
  });

  // Every logged-in user reads the back-office FAQ; only the super admin changes one.
  route(app, endpoints.getFaq, (req) => faq.getFaq(ctx, req.params.id));
  route(app, endpoints.saveFaqQuestions, (req) => faq.saveFaqQuestions(ctx, actorOf(req), req.query.id, req.body));

  route(app, endpoints.listPages, () => pages.listPages(ctx));
  route(app, endpoints.createPage, (req) => pages.createPage(ctx, actorOf(req), req.body));
  route(app, endpoints.updatePage, (req) => pages.updatePage(ctx, actorOf(req), req.params.id, req.body));
  route(app, endpoints.deletePage, async (req, reply) => {
    await pages.deletePage(ctx, actorOf(req), req.params.id);
    return reply.status(204).send(null);
  });
}
