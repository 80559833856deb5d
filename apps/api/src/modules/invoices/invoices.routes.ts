import { endpoints, invoiceFileName } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { invoiceFile, issueMonth, listMonth } from './invoices.service.ts';

/** The platform's fee invoices and credit notes. */
export function invoicesRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getInvoices, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return listMonth(ctx, actorOf(req), req.query.month);
  });

  route(app, endpoints.issueInvoices, async (req) => issueMonth(ctx, actorOf(req), req.query.month));

  route(app, endpoints.downloadInvoice, async (req, reply) => {
    const { number, pdf } = await invoiceFile(ctx, actorOf(req), req.query.id);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${invoiceFileName(number)}"`)
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });
}
