import { ERROR_CODES, endpoints, MESSAGES } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import type { EventHub } from './events.hub.ts';
import { openEventStream, parseLastEventId } from './events.stream.ts';

/** Open live-update streams per session and instance (one user once held 400). */
export const MAX_STREAMS_PER_SESSION = 5;

export function eventsRoutes(app: FastifyInstance, ctx: AppContext, hub: EventHub) {
  const open = new Map<string, number>();
  route(
    app,
    endpoints.streamEvents,
    async (req, reply) => {
      const actor = actorOf(req);
      const count = open.get(actor.sessionId) ?? 0;
      if (count >= MAX_STREAMS_PER_SESSION) throw new AppError(ERROR_CODES.rateLimited, MESSAGES.tooManyStreams);
      open.set(actor.sessionId, count + 1);
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        const left = (open.get(actor.sessionId) ?? 1) - 1;
        if (left > 0) open.set(actor.sessionId, left);
        else open.delete(actor.sessionId);
      };
      reply.raw.on('close', release);
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
