import { API_BASE, endpoints, IDEMPOTENT_REPLAYED_HEADER } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { placeReservationOnce } from './shop-idempotency.ts';
import * as shop from './shop-orders.service.ts';

/** The shop's ordering and returns: public, rate limited per shopper. */
export function shopOrdersRoutes(app: FastifyInstance, ctx: AppContext) {
  const limited = { config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: 60_000 } } };
  route(
    app,
    endpoints.placeShopReservation,
    async (req, reply) => {
      const { replayed, ...answer } = await placeReservationOnce(ctx, req.headers['idempotency-key'], req.body);
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(201).send(answer);
    },
    { ...limited, prefix: API_BASE },
  );

  route(
    app,
    endpoints.requestShopReturn,
    async (req, reply) => {
      await shop.startReturn(ctx, req.params.id);
      return reply.status(204).send(null);
    },
    { ...limited, prefix: API_BASE },
  );
}
