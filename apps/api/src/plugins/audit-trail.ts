import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { audit, auditOrigin } from '../lib/audit.ts';
import { endpointOfRoute } from './endpoint-routes.ts';

const RESOURCE = Symbol('audit-origin');
type WithResource = FastifyRequest & { [RESOURCE]?: AsyncResource };

/**
 * The audit trail's two request-wide parts:
 * - every entry written while a request is handled carries its address and user agent (lib/audit.ts reads them from
 *   an AsyncLocalStorage entered here; the body is parsed in another async context, so preValidation enters it again,
 *   as @fastify/request-context does);
 * - every file an endpoint answers with (spreadsheets, PDFs, the SEPA bank file, the log's own export) is a
 *   `download` entry: who fetched which file with which filters. Written before the file is sent.
 */
export function registerAuditTrail(app: FastifyInstance, db: DbOrTx) {
  app.addHook('onRequest', (request, _reply, done) => {
    const ua = request.headers['user-agent'];
    auditOrigin.run({ ipAddress: request.ip ?? null, userAgent: typeof ua === 'string' ? ua : null }, () => {
      const resource = new AsyncResource('audit-origin');
      (request as WithResource)[RESOURCE] = resource;
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = (request as WithResource)[RESOURCE];
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = endpointOfRoute(request.routeOptions.config);
    const answer = entry?.response[200];
    const actor = request.actor;
    if (!entry || !actor || reply.statusCode !== 200 || !answer || !('content' in answer)) return payload;
    if (!Object.keys(answer.content).some((type) => type !== 'text/event-stream')) return payload;
    const disposition = String(reply.getHeader('content-disposition') ?? '');
    await audit(db, {
      actorUserId: actor.userId,
      tenantId: actor.tenantId,
      action: 'download',
      entityType: 'file',
      entityId: entry.operationId,
      data: { file: /filename="([^"]*)"/.exec(disposition)?.[1] ?? null, query: request.query ?? null },
    });
    return payload;
  });
}
