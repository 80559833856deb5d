import { endpoints, payoutFileName, SEPA_XML_MIME } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { payoutRouting } from './payout-routing.service.ts';
import * as service from './payouts.service.ts';

/** The super admin's payouts: the preview and the SEPA bank file of a month. */
export function payoutsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getPayouts, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.getPayouts(ctx, req.query.month);
  });

  route(app, endpoints.getPayoutRouting, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return payoutRouting(ctx, req.query.month);
  });

  route(app, endpoints.downloadPayoutFile, async (req, reply) => {
    const { month, again } = req.query;
    const xml = await service.payoutFile(ctx, { month, again: again === true, userId: actorOf(req).userId });
    return reply
      .header('Content-Type', `${SEPA_XML_MIME}; charset=utf-8`)
      .header('Content-Disposition', `attachment; filename="${payoutFileName(req.query.month)}"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(xml, 'utf8'));
  });
}
