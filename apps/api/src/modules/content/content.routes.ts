import {
  contentIdParamsSchema,
  errorEnvelopeSchema,
  faqIdQuerySchema,
  faqQuestionsResponseSchema,
  faqSchema,
  pageInputSchema,
  pageSchema,
  pagesResponseSchema,
  resourcesResponseSchema,
  saveFaqQuestionsSchema,
  setResourceValueSchema,
  subcategoriesResponseSchema,
  subcategoryInputSchema,
  subcategorySchema,
} from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf, requireAuth, requireRole } from '../../plugins/auth.ts';
import * as faq from './faq.service.ts';
import * as pages from './pages.service.ts';
import * as resources from './resources.service.ts';
import * as subcategories from './subcategories.service.ts';

const noContent = { 204: z.null().describe('Gelukt') };
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** Spec 7.3: texts, subcategories, FAQs and shop pages. Only the super admin changes content (spec 6). */
export function contentRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = requireRole('superAdmin');

  r.get(
    '/resources',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'listResources',
        summary: 'De teksten van de webshop',
        response: { 200: resourcesResponseSchema, ...errors },
      },
    },
    () => resources.listResources(ctx),
  );
  r.put(
    '/resources/:id/set-value',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'setResourceValue',
        summary: 'Een tekst van de webshop wijzigen',
        params: contentIdParamsSchema,
        body: setResourceValueSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await resources.setResourceValue(ctx, actorOf(req), req.params.id, req.body);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/subcategories',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'listSubcategories',
        summary: 'De subcategorieën',
        response: { 200: subcategoriesResponseSchema, ...errors },
      },
    },
    () => subcategories.listSubcategories(ctx),
  );
  r.get(
    '/subcategories/:id',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'getSubcategory',
        summary: 'Een subcategorie',
        params: contentIdParamsSchema,
        response: { 200: subcategorySchema, ...errors },
      },
    },
    (req) => subcategories.getSubcategory(ctx, req.params.id),
  );
  r.post(
    '/subcategories',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'createSubcategory',
        summary: 'Een subcategorie toevoegen',
        body: subcategoryInputSchema,
        response: { 200: subcategorySchema, ...errors },
      },
    },
    (req) => subcategories.createSubcategory(ctx, actorOf(req), req.body),
  );
  r.put(
    '/subcategories/:id',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'updateSubcategory',
        summary: 'Een subcategorie wijzigen',
        params: contentIdParamsSchema,
        body: subcategoryInputSchema,
        response: { 200: subcategorySchema, ...errors },
      },
    },
    (req) => subcategories.updateSubcategory(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete(
    '/subcategories/:id',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'deleteSubcategory',
        summary: 'Een subcategorie verwijderen',
        params: contentIdParamsSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await subcategories.deleteSubcategory(ctx, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Every logged-in user reads the back-office FAQ (spec 2.21); only the super admin changes one (spec 2.15).
  r.get(
    '/faq/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['content'],
        operationId: 'getFaq',
        summary: 'Een FAQ met zijn vragen',
        params: contentIdParamsSchema,
        response: { 200: faqSchema, ...errors },
      },
    },
    (req) => faq.getFaq(ctx, req.params.id),
  );
  r.post(
    '/faq/questions',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'saveFaqQuestions',
        summary: 'Slaat de hele lijst met vragen van een FAQ op',
        querystring: faqIdQuerySchema,
        body: saveFaqQuestionsSchema,
        response: { 200: faqQuestionsResponseSchema, ...errors },
      },
    },
    (req) => faq.saveFaqQuestions(ctx, actorOf(req), req.query.id, req.body),
  );

  r.get(
    '/pages/all',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'listPages',
        summary: "De pagina's van het hoofdmenu en de footer",
        response: { 200: pagesResponseSchema, ...errors },
      },
    },
    () => pages.listPages(ctx),
  );
  r.post(
    '/pages',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'createPage',
        summary: 'Een pagina toevoegen',
        body: pageInputSchema,
        response: { 200: pageSchema, ...errors },
      },
    },
    (req) => pages.createPage(ctx, actorOf(req), req.body),
  );
  r.put(
    '/pages/:id',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'updatePage',
        summary: 'Een pagina wijzigen',
        params: contentIdParamsSchema,
        body: pageInputSchema,
        response: { 200: pageSchema, ...errors },
      },
    },
    (req) => pages.updatePage(ctx, actorOf(req), req.params.id, req.body),
  );
  r.delete(
    '/pages/:id',
    {
      onRequest: superAdmin,
      schema: {
        tags: ['content'],
        operationId: 'deletePage',
        summary: 'Een pagina verwijderen',
        params: contentIdParamsSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await pages.deletePage(ctx, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
}
