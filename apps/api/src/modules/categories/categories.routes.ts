import { categoriesResponseSchema, errorEnvelopeSchema } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { listCustomCategories, listMainCategories } from './categories.service.ts';

const response = { 200: categoriesResponseSchema, 401: errorEnvelopeSchema };

/** Spec 7.3: the main categories and the custom ones. `/subcategories` itself is the content module's. */
export function categoriesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/categories/all',
    {
      onRequest: requireAuth,
      schema: { tags: ['products'], operationId: 'listMainCategories', summary: 'Hoofdcategorieën', response },
    },
    () => listMainCategories(ctx.db),
  );
  r.get(
    '/subcategories/all',
    {
      onRequest: requireAuth,
      schema: { tags: ['products'], operationId: 'listCustomCategories', summary: 'Eigen categorieën', response },
    },
    () => listCustomCategories(ctx.db),
  );
}
