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
import {
  type ClaimedKey,
  claimKey,
  KEY_PATTERN,
  keyRefOf,
  recordAnswer,
  releaseKey,
  runWithClaimedKey,
} from '../lib/idempotency.ts';

/**
 * Retry-safe creates of the back-office: for a route whose endpoint entry says `idempotent: true`, a
 * request with `Idempotency-Key` claims the key in the caller's own scope (workshop, user, operation) before the
 * handler runs; a repeat with the same body (and path) gets the first answer again (`Idempotent-Replayed: true`),
 * with another body 422, while the first still runs 409. The handler runs with the claimed key (lib/idempotency.ts
 * `runWithClaimedKey`), and the create's transaction records the answer with the record (`createInTransaction`): a
 * create that committed has its answer kept even when the reply is lost (a 5xx after COMMIT, a process killed before
 * replying), one that rolled back leaves the claim pending, to be taken over after a minute. A refusal (4xx) frees
 * the key. The shop's orders record theirs in the order's transaction too (modules/shop/shop-idempotency.ts).
 */
const claims = new WeakMap<FastifyRequest, ClaimedKey>();

function entryOf(request: FastifyRequest): Endpoint | undefined {
  return (request.routeOptions.config as { endpoint?: Endpoint } | undefined)?.endpoint;
}

/** The status an entry answers a create with (its one 2xx). */
function successStatus(entry: Endpoint): number {
  const status = Object.keys(entry.response)
    .map(Number)
    .find((s) => s >= 200 && s < 300);
  if (status === undefined) throw new Error(`${entry.operationId}: an idempotent entry needs a 2xx answer`);
  return status;
}

/** Claims the request's key: `run` when the handler may run (with the claim; null without a key), else `replay`. */
async function claimFor(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ run: ClaimedKey | null } | { replay: { status: number; body: unknown } }> {
  const entry = entryOf(request);
  if (!entry?.idempotent) return { run: null };
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return { run: null };
  if (typeof key !== 'string' || !KEY_PATTERN.test(key))
    throw fieldError('Idempotency-Key', SHOP_MESSAGES.idempotencyKeyInvalid);
  const actor = request.actor;
  // The guard ran before (onRequest); a route marked idempotent is never public.
  if (!actor) return { run: null };
  const scope = `user:${actor.tenantId ?? '-'}:${actor.userId}:${entry.operationId}`;
  const ref = keyRefOf(key, { params: request.params ?? null, body: request.body ?? null }, scope);
  const claim = await claimKey(ctx, ref);
  if (claim.claimed) return { run: { ref, status: successStatus(entry), recorded: false } };
  if (claim.state !== 'done' || claim.status === null)
    throw new AppError(ERROR_CODES.idempotencyKeyInProgress, IDEMPOTENCY_MESSAGES.inProgress);
  if (!claim.sameRequest) throw new AppError(ERROR_CODES.idempotencyKeyReused, IDEMPOTENCY_MESSAGES.keyReused);
  return { replay: { status: claim.status, body: claim.body } };
}

export function registerIdempotency(app: FastifyInstance, ctx: AppContext) {
  // A callback hook, not an async one: the handler must run inside `runWithClaimedKey`'s context, which `done` called
  // there gives it (as plugins/audit-trail.ts enters its own).
  app.addHook('preHandler', (request, reply, done) => {
    claimFor(ctx, request).then(
      (outcome) => {
        if ('replay' in outcome) {
          reply.code(outcome.replay.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(outcome.replay.body);
          return;
        }
        if (!outcome.run) return done();
        claims.set(request, outcome.run);
        runWithClaimedKey(outcome.run, done);
      },
      (error: Error) => done(error),
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const status = reply.statusCode;
    if (status >= 200 && status < 300 && !claim.recorded) {
      // Only a create that bypassed createInTransaction gets here (the endpoint table's test catches one): keep its
      // answer now, as well as can be done after the commit.
      request.log.error({ route: request.routeOptions.url }, 'idempotent create answered outside createInTransaction');
      const body = typeof payload === 'string' && payload !== '' ? (JSON.parse(payload) as unknown) : null;
      await recordAnswer(ctx.db, claim.ref, status, body);
    } else if (status >= 400 && status < 500) await releaseKey(ctx, claim.ref);
    return payload;
  });
}
