import {
  adminsResponseSchema,
  createUserSchema,
  errorEnvelopeSchema,
  tenantUserSchema,
  tenantUsersResponseSchema,
  updateUserSchema,
  userIdParamsSchema,
} from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf, requireRole } from '../../plugins/auth.ts';
import * as service from './users.service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const tags = ['identity'];
const workshopAdmin = requireRole('workshopAdmin');

/** The users of the workshop admin's own tenant (spec 2.4, 7.2) and the super admin's admin overview (2.14). */
export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/identity/users',
    {
      onRequest: workshopAdmin,
      schema: {
        tags,
        operationId: 'listUsers',
        summary: 'De gebruikers van het eigen atelier',
        response: { 200: tenantUsersResponseSchema, ...errors },
      },
    },
    (req) => service.list(ctx, actorOf(req)),
  );

  r.get(
    '/identity/users/:id',
    {
      onRequest: workshopAdmin,
      schema: {
        tags,
        operationId: 'getUser',
        summary: 'Een gebruiker',
        params: userIdParamsSchema,
        response: { 200: tenantUserSchema, ...errors },
      },
    },
    (req) => service.getOne(ctx, actorOf(req), req.params.id),
  );

  r.post(
    '/identity/users',
    {
      onRequest: workshopAdmin,
      schema: {
        tags,
        operationId: 'createUser',
        summary: 'Een gebruiker toevoegen',
        body: createUserSchema,
        response: { 200: tenantUserSchema, ...errors },
      },
    },
    (req) => service.create(ctx, actorOf(req), req.body),
  );

  r.put(
    '/identity/users/:id',
    {
      onRequest: workshopAdmin,
      schema: {
        tags,
        operationId: 'updateUser',
        summary: 'Een gebruiker wijzigen',
        params: userIdParamsSchema,
        body: updateUserSchema,
        response: { 200: tenantUserSchema, ...errors },
      },
    },
    (req) => service.update(ctx, actorOf(req), req.params.id, req.body),
  );

  r.delete(
    '/identity/users/:id',
    {
      onRequest: workshopAdmin,
      schema: {
        tags,
        operationId: 'deleteUser',
        summary: 'Een gebruiker verwijderen',
        params: userIdParamsSchema,
        response: { 204: z.null().describe('Verwijderd'), ...errors },
      },
    },
    async (req, reply) => {
      await service.remove(ctx, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/identity/admins/all',
    {
      onRequest: requireRole('superAdmin'),
      schema: {
        tags,
        operationId: 'listAdmins',
        summary: 'De beheerders van alle ateliers',
        response: { 200: adminsResponseSchema, ...errors },
      },
    },
    () => service.listAdmins(ctx.db),
  );
}
