import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { registerEndpoint as route } from '../../../plugins/endpoint-routes.ts';
import { reservationHistory } from './reservation-history.ts';
import { addReservationNote } from './reservation-notes.ts';

/** A reservation's timeline, for whoever may read the reservation (another workshop's: 404). */
export function reservationHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getReservationHistory, (req) => reservationHistory(ctx, actorOf(req), req.params.id));
  // An internal note, which the history then shows with its author and time.
  route(app, endpoints.addReservationNote, async (req, reply) => {
    await addReservationNote(ctx, actorOf(req), req.params.id, req.body.note);
    return reply.status(204).send(null);
  });
}
