import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import type { EventHub } from './events.hub.ts';
import { openEventStream, parseLastEventId } from './events.stream.ts';

export function eventsRoutes(app: FastifyInstance, ctx: AppContext, hub: EventHub) {
  route(
    app,
    endpoints.streamEvents,
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
    // Compressed, the events would wait in the compressor's buffer.
    { compress: false },
  );
}
