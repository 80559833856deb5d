import { errorEnvelopeSchema, MESSAGES, reservationHistorySchema } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf, requireRole } from '../../plugins/auth.ts';
import { reservationHistory } from './reservation-history.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** Issue 14.5: a reservation's timeline, for whoever may read the reservation (another workshop's: 404). */
export function reservationHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/reservations/:id/history',
    {
      onRequest: requireRole('superAdmin', 'workshopAdmin'),
      schema: {
        tags: ['reservations'],
        operationId: 'getReservationHistory',
        summary: 'De geschiedenis van een reservering: statuswijzigingen met wie en wanneer, en de verstuurde e-mails',
        params: z.object({ id: z.uuid({ error: MESSAGES.notFound }) }),
        response: { 200: reservationHistorySchema, ...errors },
      },
    },
    (req) => reservationHistory(ctx, actorOf(req), req.params.id),
  );
}
