import {
  errorEnvelopeSchema,
  MESSAGES,
  packagesRequestSchema,
  RESERVATION_PAGE_MAX,
  reservationListQuerySchema,
  reservationListSchema,
  reservationOpenCountSchema,
  reservationPageSchema,
  reservationSchema,
  type Transition,
  trackAndTraceRequestSchema,
} from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { backOfficeScope, notModified } from '../../lib/list-etag.ts';
import { actorOf, requireRole } from '../../plugins/auth.ts';
import { fileResponse } from '../../plugins/openapi.ts';
import { pickupSlip, shippingLabel } from './reservation-documents.ts';
import * as service from './reservations.service.ts';

const id = z.uuid({ error: MESSAGES.notFound });
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};
const noContent = { 204: z.null().describe('Gelukt'), ...errors };

/** Spec 7.5 path segment → transition of the state machine, with its OpenAPI operation. */
const TRANSITION_PATHS: Record<string, { transition: Transition; operationId: string; summary: string }> = {
  confirm: {
    transition: 'confirm',
    operationId: 'confirmReservation',
    summary: 'Een reservering goedkeuren (de klant krijgt de betaallink)',
  },
  reject: { transition: 'reject', operationId: 'rejectReservation', summary: 'Een reservering afwijzen' },
  shipped: { transition: 'shipped', operationId: 'markReservationShipped', summary: 'Een reservering is verzonden' },
  received: {
    transition: 'received',
    operationId: 'markReservationPickedUp',
    summary: 'Een reservering is opgehaald',
  },
  returned: {
    transition: 'returned',
    operationId: 'markReservationReturned',
    summary: 'Een retour is ontvangen',
  },
};

export function reservationsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = requireRole('superAdmin', 'workshopAdmin');
  const tags = ['reservations'];

  r.get(
    '/reservations/all',
    {
      onRequest: admins,
      schema: {
        tags,
        operationId: 'listReservations',
        summary:
          'Reserveringen van het eigen atelier (super admin: alle), nieuwste eerst; met skipCount of maxResultCount één pagina als { items, totalCount }; todo geeft alleen wat een kaart van het dashboard telt',
        querystring: reservationListQuerySchema,
        response: { 200: z.union([reservationListSchema, reservationPageSchema]), ...errors },
      },
    },
    async (req, reply) => {
      const { status, skipCount, maxResultCount, sorting, todo } = req.query;
      // 'Langer dan 3 dagen onbetaald' changes with the clock, not only with the data the ETag follows.
      const timeBound = todo === 'awaitingPaymentLong';
      if (!timeBound && (await notModified(ctx.database, req, reply, backOfficeScope(actorOf(req))))) return reply;
      if (skipCount === undefined && maxResultCount === undefined) {
        return service.listReservations(ctx, actorOf(req), status, sorting, todo);
      }
      return service.pageReservations(ctx, actorOf(req), status, {
        skipCount: skipCount ?? 0,
        maxResultCount: maxResultCount ?? RESERVATION_PAGE_MAX,
        sorting,
        todo,
      });
    },
  );

  r.get(
    '/reservations/open-count',
    {
      onRequest: admins,
      schema: {
        tags,
        operationId: 'countOpenReservations',
        summary: 'Het aantal open reserveringen',
        response: { 200: reservationOpenCountSchema, ...errors },
      },
    },
    async (req) => ({ count: await service.openCount(ctx, actorOf(req)) }),
  );

  r.get(
    '/reservations/:id',
    {
      onRequest: admins,
      schema: {
        tags,
        operationId: 'getReservation',
        summary: 'Een reservering',
        params: z.object({ id }),
        response: { 200: reservationSchema, ...errors },
      },
    },
    (req) => service.getReservation(ctx, actorOf(req), req.params.id),
  );

  for (const [segment, { transition, operationId, summary }] of Object.entries(TRANSITION_PATHS)) {
    r.post(
      `/reservations/:id/${segment}`,
      { onRequest: admins, schema: { tags, operationId, summary, params: z.object({ id }), response: noContent } },
      async (req, reply) => {
        await service.applyTransition(ctx, actorOf(req), req.params.id, transition, 'back-office');
        return reply.status(204).send(null);
      },
    );
  }

  r.post(
    '/reservations/:id/send-payment-reminder',
    {
      onRequest: admins,
      schema: {
        tags,
        operationId: 'sendPaymentReminder',
        summary: 'De klant opnieuw de betaallink mailen',
        params: z.object({ id }),
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.sendPaymentReminder(ctx, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/reservations/:reservationId/products/:productId/availability',
    {
      onRequest: admins,
      schema: {
        tags,
        operationId: 'removeReservationProduct',
        summary: 'Haalt een product uit de reservering (onomkeerbaar)',
        params: z.object({ reservationId: id, productId: id }),
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.removeProduct(ctx, actorOf(req), req.params.reservationId, req.params.productId);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/reservations/:id/trackandtrace',
    {
      onRequest: admins,
      schema: {
        tags,
        operationId: 'setTrackAndTrace',
        summary: 'De track-and-tracecode van een zending opslaan',
        params: z.object({ id }),
        body: trackAndTraceRequestSchema,
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.setTrackAndTrace(ctx, actorOf(req), req.params.id, req.body.trackAndTrace);
      return reply.status(204).send(null);
    },
  );

  r.put(
    '/reservations/:reservationId/packages/:deliveryMethodId',
    {
      onRequest: admins,
      schema: {
        tags,
        operationId: 'setReservationPackages',
        summary: 'Het aantal pakketten van een verzendmethode wijzigen',
        params: z.object({
          reservationId: id,
          deliveryMethodId: z.coerce.number({ error: MESSAGES.deliveryMethodInvalid }).int().min(1).max(99),
        }),
        body: packagesRequestSchema,
        response: noContent,
      },
    },
    async (req, reply) => {
      await service.changePackages(
        ctx,
        actorOf(req),
        req.params.reservationId,
        req.params.deliveryMethodId,
        req.body.quantity,
      );
      return reply.status(204).send(null);
    },
  );

  const fileQuery = z.object({ reservationId: id });
  for (const [path, make, operationId, summary] of [
    ['/files/label', shippingLabel, 'downloadShippingLabel', 'Het verzendlabel van een reservering (PDF, A6)'],
    ['/files/pickup-slip', pickupSlip, 'downloadPickupSlip', 'De ophaalbon van een reservering (PDF)'],
  ] as const) {
    r.get(
      path,
      {
        onRequest: admins,
        schema: {
          tags: ['files'],
          operationId,
          summary,
          querystring: fileQuery,
          response: { 200: fileResponse('application/pdf', 'De PDF, als bijlage'), ...errors },
        },
      },
      async (req, reply) => {
        const { fileName, pdf } = await make(ctx, actorOf(req), req.query.reservationId);
        return reply
          .type('application/pdf')
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(pdf);
      },
    );
  }
}
