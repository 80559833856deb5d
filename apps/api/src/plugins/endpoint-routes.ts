/**
 * Registers a route from its entry in the contract's endpoint table (docs/decisions/0023-endpoint-table.md): the
 * entry gives method, path, schemas, the OpenAPI texts and who may call; this adds the guard (always as the
 * `onRequest` hook, so authentication comes before the body is read or validated) and the error answers.
 */
import {
  type Access,
  type Endpoint,
  type ErrorStatus,
  errorEnvelopeSchema,
  type RoleKind,
} from '@ateliermarkt/contract';
import type {
  ContextConfigDefault,
  FastifyInstance,
  onRequestAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth, requireRole } from './auth.ts';

type Field<E, K extends string> = E extends { [key in K]: infer S } ? S : undefined;
type Errors<E extends Endpoint> = { [S in E['errors'][number]]: typeof errorEnvelopeSchema };

/** The Fastify schema an entry stands for: what types the handler's request and answer. */
export type RouteSchema<E extends Endpoint> = {
  params: Field<E, 'params'>;
  querystring: Field<E, 'query'>;
  body: Field<E, 'body'>;
  headers: Field<E, 'headers'>;
  response: E['response'] & Errors<E>;
};

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  RouteSchema<E>,
  ZodTypeProvider
>;

export type EndpointOptions = {
  /** Route config, e.g. a rate limit: `{ rateLimit: { max, timeWindow } }`. */
  config?: Record<string, unknown>;
  /** Put before the entry's path: for routes registered outside the `/api` plugin. */
  prefix?: string;
  /** `false` for an answer that must not wait in a compressor's buffer (the event stream). */
  compress?: false;
};

const guards = new Map<string, onRequestAsyncHookHandler>();

/** The guard an access level asks for; none for public routes. One hook per set of roles, shared by its routes. */
export function guardFor(access: Access): onRequestAsyncHookHandler | undefined {
  if (access === 'public' || access === 'optional') return undefined;
  if (access === 'authenticated') return requireAuth;
  const key = [...access].sort().join(',');
  let guard = guards.get(key);
  if (!guard) {
    guard = requireRole(...(access as RoleKind[]));
    guards.set(key, guard);
  }
  return guard;
}

/** The document's security for routes that need no token (the app's default asks for a bearer token). */
function securityFor(access: Access): { [scheme: string]: string[] }[] | undefined {
  if (access === 'public') return [];
  if (access === 'optional') return [{}, { bearer: [] }];
  return undefined;
}

function errorAnswers(statuses: readonly ErrorStatus[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema]));
}

/** The route config key that marks a route as registered from the table, for the start-up check below. */
const FROM_TABLE = 'endpoint';

/** The endpoint table's entry a route was registered from, if any (the audit trail reads it for downloads). */
export function endpointOfRoute(config: unknown): Endpoint | undefined {
  return (config as Record<string, Endpoint | undefined> | undefined)?.[FROM_TABLE];
}

export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const { method, path, operationId, summary, description, tags, access, params, query, body, multipartBody, headers } =
    entry;
  const security = securityFor(access);
  const onRequest = guardFor(access);
  const schema = {
    tags: [...tags],
    operationId,
    summary,
    ...(description ? { description } : {}),
    ...(security ? { security } : {}),
    ...(headers ? { headers } : {}),
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    ...(multipartBody ? { multipartBody } : {}),
    response: { ...entry.response, ...errorAnswers(entry.errors) },
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url: `${options.prefix ?? ''}${path}`,
    ...(onRequest ? { onRequest } : {}),
    ...(options.compress === false ? { compress: false as const } : {}),
    config: { ...options.config, [FROM_TABLE]: entry } as Record<string, unknown>,
    schema,
    handler: handler as RouteOptions['handler'],
  });
}

/**
 * Refuses at start a documented route (one with an operationId) that was not registered from the endpoint table, so
 * a path, schema or guard cannot be written beside the table again.
 */
export function refuseRoutesOutsideTable(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId) return;
    const entry = (route.config as Record<string, Endpoint | undefined> | undefined)?.[FROM_TABLE];
    if (entry?.operationId !== operationId) {
      throw new Error(`${String(route.method)} ${route.url}: register ${operationId} from the endpoint table`);
    }
  });
}
