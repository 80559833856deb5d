import { errorEnvelopeSchema } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';
import { type ZodType, z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import type { EventHub } from './events.hub.ts';
import { openEventStream, parseLastEventId } from './events.stream.ts';

const stream = {
  description:
    'Server-sent events: `reservationCreated`, `reservationStatusChanged` en `reservationPaid`, elk met `id:` en als `data:` een ReservationEvent (JSON); commentaarregels als hartslag.',
  content: { 'text/event-stream': { schema: z.string() as unknown as ZodType<NodeJS.ReadableStream> } },
};

export function eventsRoutes(app: FastifyInstance, ctx: AppContext, hub: EventHub) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/events',
    {
      onRequest: requireAuth,
      // Compressed, the events would wait in the compressor's buffer.
      compress: false,
      schema: {
        tags: ['Meldingen'],
        operationId: 'streamEvents',
        summary: 'Live meldingen over reserveringen van het eigen atelier (alle ateliers voor de superbeheerder)',
        // Last-Event-ID is read by the handler, not declared as a parameter: a fuzzer or a client generated from the
        // document would otherwise treat this never-ending answer as an ordinary call.
        description:
          'Stuur na een onderbreking de kop `Last-Event-ID` mee (het laatst ontvangen `id:`) om de gemiste meldingen van de afgelopen dag eerst te krijgen.',
        response: { 200: stream, 401: errorEnvelopeSchema },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const token = req.headers.authorization?.slice(7).trim() ?? '';
      const expiresAt = (decodeJwt(token).exp ?? 0) * 1000;
      const events = await openEventStream({
        hub,
        sessions: ctx.sessions,
        actor,
        expiresAt,
        lastEventId: parseLastEventId(req.headers['last-event-id']),
        heartbeatMs: ctx.config.eventsHeartbeatMs,
        log: req.log,
      });
      reply.raw.on('close', () => events.destroy());
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store, no-transform')
        .header('X-Accel-Buffering', 'no')
        .send(events);
    },
  );
}
