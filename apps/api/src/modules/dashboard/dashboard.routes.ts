import { dashboardSchema, errorEnvelopeSchema } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf, requireRole } from '../../plugins/auth.ts';
import * as service from './dashboard.service.ts';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dashboard',
    {
      onRequest: requireRole('superAdmin', 'workshopAdmin'),
      schema: {
        tags: ['dashboard'],
        operationId: 'getDashboard',
        summary:
          'Het dashboard: wat er te doen is, de kerncijfers van deze en vorige maand, grafieken en de best bekeken en meest gereserveerde producten (super admin: de hele marktplaats en per atelier)',
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (req, reply) => {
      // Counts change with the clock too ('langer dan 3 dagen onbetaald'): never from a cache.
      reply.header('Cache-Control', 'no-store');
      return service.getDashboard(ctx, actorOf(req));
    },
  );
}
