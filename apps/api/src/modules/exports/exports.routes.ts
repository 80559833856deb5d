import { EXPORT_FILES, errorEnvelopeSchema, XLS_MIME } from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../plugins/auth.ts';
import { fileResponse } from '../../plugins/openapi.ts';
import * as service from './exports.service.ts';

const response = {
  200: fileResponse(XLS_MIME, 'Het Excel-bestand (.xls), als bijlage'),
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
};
const tags = ['export'];

function sendWorkbook(reply: FastifyReply, fileName: string, bytes: Buffer) {
  return reply
    .header('Content-Type', XLS_MIME)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(bytes);
}

/** The super admin's spreadsheet downloads (spec 2.14, 7.2). */
export function exportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = requireRole('superAdmin');

  r.get(
    '/export/admins',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'exportAdmins',
        summary: 'De beheerders van alle ateliers als Excel-bestand (beheerders.xls)',
        response,
      },
    },
    async (_req, reply) => sendWorkbook(reply, EXPORT_FILES.admins, await service.adminsWorkbook(ctx)),
  );

  r.get(
    '/export/newsletter-subscriptions',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'exportNewsletterSubscriptions',
        summary: 'De aanmeldingen voor de nieuwsbrief als Excel-bestand (nieuwsbrief-aanmeldingen.xls)',
        response,
      },
    },
    async (_req, reply) =>
      sendWorkbook(reply, EXPORT_FILES.newsletterSubscriptions, await service.newsletterWorkbook(ctx)),
  );
}
