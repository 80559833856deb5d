import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../plugins/auth.ts';
import { registerEndpoint as route } from '../../../plugins/endpoint-routes.ts';
import { refundReservation, reservationMoneyFor } from './payment-routing.service.ts';

/** A reservation's money at the provider, and the super admin's refund. */
export function moneyRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getReservationMoney, (req) => reservationMoneyFor(ctx, actorOf(req), req.params.id));
  route(app, endpoints.refundReservation, async (req, reply) =>
    reply.status(201).send(
      await refundReservation(ctx, {
        reservationId: req.params.id,
        lines: req.body.lines,
        reason: req.body.reason,
        actor: actorOf(req),
      }),
    ),
  );
}
