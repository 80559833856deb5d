import { EXPORT_FILES, errorEnvelopeSchema, XLS_MIME } from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../plugins/auth.ts';
import * as service from './exports.service.ts';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };
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
    { onRequest: superAdmin, schema: { tags, summary: 'beheerders.xls', response: errors } },
    async (_req, reply) => sendWorkbook(reply, EXPORT_FILES.admins, await service.adminsWorkbook(ctx)),
  );

  r.get(
    '/export/newsletter-subscriptions',
    { onRequest: superAdmin, schema: { tags, summary: 'nieuwsbrief-aanmeldingen.xls', response: errors } },
    async (_req, reply) =>
      sendWorkbook(reply, EXPORT_FILES.newsletterSubscriptions, await service.newsletterWorkbook(ctx)),
  );
}
