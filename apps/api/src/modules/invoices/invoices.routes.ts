import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { invoiceFile, invoicesZip, issueMonth, listMonth } from './invoices.service.ts';

/** The platform's fee invoices and credit notes. */
export function invoicesRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getInvoices, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listMonth(ctx, actorOf(req), req.query.month);
  });

  route(app, endpoints.issueInvoices, async (req) => issueMonth(ctx, actorOf(req), req.query.month));

  route(app, endpoints.downloadInvoice, async (req, reply) => {
    const file = await invoiceFile(ctx, actorOf(req), req.query.id, req.query.format);
    return reply
      .type(file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(file.bytes);
  });

  route(app, endpoints.downloadInvoicesZip, async (req, reply) => {
    const zip = await invoicesZip(ctx, actorOf(req), req.query.month);
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${zip.fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(zip.bytes);
  });
}
