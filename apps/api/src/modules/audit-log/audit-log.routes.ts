import { AUDIT_MESSAGES, endpoints, XLSX_MIME } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as service from './audit-log.service.ts';

/** The Logboek: the list and its `.xlsx` export, both with the same filters. */
export function auditLogRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.listAuditLog, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.list(ctx, actorOf(req), req.query);
  });

  route(app, endpoints.exportAuditLog, async (req, reply) =>
    reply
      .header('Content-Type', XLSX_MIME)
      .header('Content-Disposition', `attachment; filename="${AUDIT_MESSAGES.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(await service.exportXlsx(ctx, actorOf(req), req.query)),
  );
}
