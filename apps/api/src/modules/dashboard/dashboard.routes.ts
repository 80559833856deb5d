import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as service from './dashboard.service.ts';

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getDashboard, async (req, reply) => {
    // Counts change with the clock too ('langer dan 3 dagen onbetaald'): never from a cache.
    reply.header('Cache-Control', 'no-store');
    return service.getDashboard(ctx, actorOf(req));
  });
}
