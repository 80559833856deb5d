import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as service from './users.service.ts';

/** The users of the workshop admin's own tenant and the super admin's admin overview. */
export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listUsers, (req) => service.list(ctx, actorOf(req)));

  route(app, endpoints.getUser, (req) => service.getOne(ctx, actorOf(req), req.params.id));

  route(app, endpoints.createUser, (req) => service.create(ctx, actorOf(req), req.body));

  route(app, endpoints.updateUser, (req) => service.update(ctx, actorOf(req), req.params.id, req.body));

  route(app, endpoints.deleteUser, async (req, reply) => {
    await service.remove(ctx, actorOf(req), req.params.id);
    return reply.status(204).send(null);
  });

  route(app, endpoints.listAdmins, () => service.listAdmins(ctx.db));
}
