import {
  type Endpoint,
  ERROR_CODES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  SHOP_MESSAGES,
} from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError, fieldError } from '../lib/app-error.ts';
import { claimKey, KEY_PATTERN, type KeyRef, keyRefOf, recordAnswer, releaseKey } from '../lib/idempotency.ts';

/**
 * Retry-safe creates of the back-office: for a route whose endpoint entry says `idempotent: true`, a
 * request with `Idempotency-Key` claims the key in the caller's own scope (workshop, user, operation) before the
 * handler runs; a repeat with the same body (and path) gets the first answer again (`Idempotent-Replayed: true`),
 * with another body 422, while the first still runs 409. The answer is recorded when it is sent: a refusal (4xx)
 * frees the key, a server fault (5xx: was it saved?) leaves the claim until it may be taken over after a minute, so
 * a quick retry is told to wait instead of making a second record. The shop's orders record their answer in the
 * order's own transaction instead (modules/reservations/shop-idempotency.ts); both use lib/idempotency.ts.
 */
const claims = new WeakMap<FastifyRequest, KeyRef>();

function entryOf(request: FastifyRequest): Endpoint | undefined {
  return (request.routeOptions.config as { endpoint?: Endpoint } | undefined)?.endpoint;
}

export function registerIdempotency(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preHandler', async (request, reply) => {
    const entry = entryOf(request);
    if (!entry?.idempotent) return;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key))
      throw fieldError('Idempotency-Key', SHOP_MESSAGES.idempotencyKeyInvalid);
    const actor = request.actor;
    // The guard ran before (onRequest); a route marked idempotent is never public.
    if (!actor) return;
    const scope = `user:${actor.tenantId ?? '-'}:${actor.userId}:${entry.operationId}`;
    const ref = keyRefOf(key, { params: request.params ?? null, body: request.body ?? null }, scope);
    const claim = await claimKey(ctx, ref);
    if (claim.claimed) {
      claims.set(request, ref);
      return;
    }
    if (claim.state !== 'done' || claim.status === null)
      throw new AppError(ERROR_CODES.idempotencyKeyInProgress, IDEMPOTENCY_MESSAGES.inProgress);
    if (!claim.sameRequest) throw new AppError(ERROR_CODES.idempotencyKeyReused, IDEMPOTENCY_MESSAGES.keyReused);
    return reply.code(claim.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(claim.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const ref = claims.get(request);
    if (!ref) return payload;
    claims.delete(request);
    const status = reply.statusCode;
    if (status >= 200 && status < 300) {
      const body = typeof payload === 'string' && payload !== '' ? (JSON.parse(payload) as unknown) : null;
      await recordAnswer(ctx.db, ref, status, body);
    } else if (status < 500) await releaseKey(ctx, ref);
    return payload;
  });
}
