import {
  availableTenantsResponseSchema,
  errorEnvelopeSchema,
  healthSchema,
  rolesResponseSchema,
  settingsSchema,
} from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../plugins/auth.ts';
import { checkHealth } from './health.ts';
import * as system from './system.service.ts';

export function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        security: [],
        summary: 'Werkt de server en neemt zijn database schrijfacties aan?',
        response: { 200: healthSchema, 503: errorEnvelopeSchema },
      },
    },
    (request) => checkHealth(ctx.database, request.log),
  );

  r.get(
    '/settings',
    {
      schema: {
        tags: ['system'],
        operationId: 'getSettings',
        security: [],
        summary: 'De instellingen waarmee de web-app rekent (btw, commissie, grenzen)',
        response: { 200: settingsSchema },
      },
    },
    () => system.settings(),
  );

  r.get(
    '/workspaces/available',
    {
      schema: {
        tags: ['workspaces'],
        operationId: 'listAvailableWorkspaces',
        security: [],
        summary: 'Ateliers voor de keuzelijst bij het inloggen',
        response: { 200: availableTenantsResponseSchema },
      },
    },
    () => system.availableWorkspaces(ctx),
  );

  r.get(
    '/identity/roles/all',
    {
      onRequest: requireRole('superAdmin', 'workshopAdmin'),
      schema: {
        tags: ['identity'],
        operationId: 'listRoles',
        summary: 'De rollen (admin, user)',
        response: { 200: rolesResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    () => system.listRoles(ctx),
  );
}
