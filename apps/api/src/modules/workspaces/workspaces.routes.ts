import {
  createWorkspaceSchema,
  errorEnvelopeSchema,
  featuredWorkspacesSchema,
  MESSAGES,
  publishStatusSchema,
  tenantIdParamsSchema,
  updateWorkspaceSchema,
  workspaceIdParamsSchema,
  workspaceSchema,
  workspacesResponseSchema,
} from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/app-error.ts';
import { actorOf, requireRole } from '../../plugins/auth.ts';
import * as service from './workspaces.service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const noContent = { 204: z.null().describe('Gelukt') };
const superAdmin = requireRole('superAdmin');
const admins = requireRole('superAdmin', 'workshopAdmin');
const tags = ['workspaces'];

export function workspacesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/workspaces/all',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'listWorkspaces',
        summary: 'Alle ateliers',
        response: { 200: workspacesResponseSchema, ...errors },
      },
    },
    (req) => service.listAll(ctx, actorOf(req)),
  );

  r.get(
    '/workspaces/find-by-tenant/:tenantId',
    {
      onRequest: admins,
      schema: {
        tags,
        operationId: 'getWorkspaceByTenant',
        summary: 'Het atelier van een tenant',
        params: tenantIdParamsSchema,
        response: { 200: workspaceSchema, ...errors },
      },
    },
    (req) => service.getByTenant(ctx, actorOf(req), req.params.tenantId),
  );

  r.get(
    '/workspaces/:id',
    {
      onRequest: admins,
      schema: {
        tags,
        operationId: 'getWorkspace',
        summary: 'Een atelier',
        params: workspaceIdParamsSchema,
        response: { 200: workspaceSchema, ...errors },
      },
    },
    (req) => service.getById(ctx, actorOf(req), req.params.id),
  );

  r.post(
    '/workspaces',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'createWorkspace',
        summary: 'Een atelier toevoegen, met zijn beheerder',
        body: createWorkspaceSchema,
        response: { 200: workspaceSchema, ...errors },
      },
    },
    (req) => service.create(ctx, actorOf(req), req.body),
  );

  r.put(
    '/workspaces/:id',
    {
      onRequest: admins,
      schema: {
        tags,
        operationId: 'updateWorkspace',
        summary: 'Een atelier wijzigen',
        params: workspaceIdParamsSchema,
        body: updateWorkspaceSchema,
        response: { 200: workspaceSchema, ...errors },
      },
    },
    (req) => service.update(ctx, actorOf(req), req.params.id, req.body),
  );

  r.delete(
    '/workspaces/:id',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'deleteWorkspace',
        summary: 'Een atelier verwijderen, met alles wat erbij hoort',
        params: workspaceIdParamsSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await service.remove(ctx, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/workspaces/:id/publish-status',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'setWorkspacePublishStatus',
        summary: 'Een atelier publiceren of offline halen',
        params: workspaceIdParamsSchema,
        body: publishStatusSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      if (req.body.id !== req.params.id) throw fieldError('id', MESSAGES.fieldInvalid);
      await service.setPublished(ctx, actorOf(req), req.params.id, req.body.isPublished);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/workspaces/featured',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'saveFeaturedWorkspaces',
        summary: 'Het uitgelichte atelier opslaan',
        body: featuredWorkspacesSchema,
        response: { 200: workspacesResponseSchema, ...errors },
      },
    },
    (req) => service.setFeatured(ctx, actorOf(req), req.body.featuredWorkspaces),
  );
}
