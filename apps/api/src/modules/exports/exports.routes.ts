import { EXPORT_FILES, endpoints, statementsWorkbookName, XLS_MIME } from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as service from './exports.service.ts';

function sendWorkbook(reply: FastifyReply, fileName: string, bytes: Buffer) {
  return reply
    .header('Content-Type', XLS_MIME)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(bytes);
}

/** The super admin's spreadsheet downloads. */
export function exportsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.exportAdmins, async (_req, reply) =>
    sendWorkbook(reply, EXPORT_FILES.admins, await service.adminsWorkbook(ctx)),
  );

  route(app, endpoints.exportNewsletterSubscriptions, async (_req, reply) =>
    sendWorkbook(reply, EXPORT_FILES.newsletterSubscriptions, await service.newsletterWorkbook(ctx)),
  );

  route(app, endpoints.downloadStatementsWorkbook, async (req, reply) =>
    sendWorkbook(
      reply,
      statementsWorkbookName(req.query.month),
      await service.statementsWorkbook(ctx, req.query.month),
    ),
  );
}
