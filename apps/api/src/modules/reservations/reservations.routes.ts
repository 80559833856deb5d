import {
  type BackOfficeTransition,
  endpoints,
  RESERVATION_PAGE_MAX,
  TIME_BOUND_TODO_KINDS,
  transitionEndpoints,
} from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { backOfficeScope, notModified } from '../../lib/list-etag.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { labelsPdf, pickupSlip, shippingLabel } from './documents/reservation-documents.ts';
import { moneyRoutes } from './payments/money.routes.ts';
import { getPickup, handOverPickup } from './pickup/pickup.service.ts';
import * as service from './reservations.service.ts';

export function reservationsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listReservations, async (req, reply) => {
    const { status, skipCount, maxResultCount, sorting, todo, search, from, to } = req.query;
    const narrowing = { todo, search, from, to };
    // 'Langer dan 3 dagen onbetaald' and 'Verloopt binnen 24 uur' change with the clock, not only with the data the
    // ETag follows.
    const timeBound = todo !== undefined && TIME_BOUND_TODO_KINDS.includes(todo);
    if (!timeBound && (await notModified(ctx.database, req, reply, backOfficeScope(actorOf(req))))) return reply;
    if (skipCount === undefined && maxResultCount === undefined) {
      return service.listReservations(ctx, actorOf(req), status, sorting, narrowing);
    }
    return service.pageReservations(
      ctx,
      actorOf(req),
      status,
      { skipCount: skipCount ?? 0, maxResultCount: maxResultCount ?? RESERVATION_PAGE_MAX, sorting },
      narrowing,
    );
  });

  route(app, endpoints.countReservationsPerTab, async (req, reply) => {
    const { todo, search, from, to } = req.query;
    if (
      !(todo !== undefined && TIME_BOUND_TODO_KINDS.includes(todo)) &&
      (await notModified(ctx.database, req, reply, backOfficeScope(actorOf(req))))
    ) {
      return reply;
    }
    return service.tabCounts(ctx, actorOf(req), { todo, search, from, to });
  });

  route(app, endpoints.countOpenReservations, async (req) => ({ count: await service.openCount(ctx, actorOf(req)) }));

  route(app, endpoints.getReservation, (req) => service.getReservation(ctx, actorOf(req), req.params.id));

  for (const [transition, entry] of Object.entries(transitionEndpoints) as [
    BackOfficeTransition,
    (typeof transitionEndpoints)[BackOfficeTransition],
  ][]) {
    route(app, entry, async (req, reply) => {
      await service.applyTransition(ctx, actorOf(req), req.params.id, transition, 'back-office');
      return reply.status(204).send(null);
    });
  }

  route(app, endpoints.getPickup, (req) => getPickup(ctx, actorOf(req), req.params.token));
  route(app, endpoints.handOverPickup, (req) => handOverPickup(ctx, actorOf(req), req.params.token));

  route(app, endpoints.sendPaymentReminder, async (req, reply) => {
    await service.sendPaymentReminder(ctx, actorOf(req), req.params.id);
    return reply.status(204).send(null);
  });

  route(app, endpoints.removeReservationProduct, async (req, reply) => {
    await service.removeProduct(ctx, actorOf(req), req.params.reservationId, req.params.productId);
    return reply.status(204).send(null);
  });

  route(app, endpoints.setTrackAndTrace, async (req, reply) => {
    await service.setTrackAndTrace(ctx, actorOf(req), req.params.id, req.body.trackAndTrace);
    return reply.status(204).send(null);
  });

  route(app, endpoints.setReservationPackages, async (req, reply) => {
    await service.changePackages(
      ctx,
      actorOf(req),
      req.params.reservationId,
      req.params.deliveryMethodId,
      req.body.quantity,
    );
    return reply.status(204).send(null);
  });

  const sendPdf = (reply: FastifyReply, { fileName, pdf }: { fileName: string; pdf: Buffer }) =>
    reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(pdf);

  for (const [entry, make] of [
    [endpoints.downloadShippingLabel, shippingLabel],
    [endpoints.downloadPickupSlip, pickupSlip],
  ] as const) {
    route(app, entry, async (req, reply) => sendPdf(reply, await make(ctx, actorOf(req), req.query.reservationId)));
  }

  route(app, endpoints.downloadLabels, async (req, reply) =>
    sendPdf(reply, await labelsPdf(ctx, actorOf(req), req.query.reservationIds)),
  );
  moneyRoutes(app, ctx);
}
