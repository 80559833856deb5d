import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { listCustomCategories, listMainCategories } from './categories.service.ts';

/** The main categories and the custom ones. `/subcategories` itself is the content module's. */
export function categoriesRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listMainCategories, () => listMainCategories(ctx.db));
  route(app, endpoints.listCustomCategories, () => listCustomCategories(ctx.db));
}
