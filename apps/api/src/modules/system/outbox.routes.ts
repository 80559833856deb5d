import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as service from './outbox.service.ts';

/** The mail outbox for the super admin: mails given up on, and sending one again. */
export function outboxRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listOutbox, (req) => service.listOutbox(ctx, req.query.status));

  route(app, endpoints.resendOutboxMail, async (req, reply) => {
    await service.resendMail(ctx, req.params.id);
    return reply.status(204).send(null);
  });
}
