import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { statementFile, statementsFor } from './statements-access.ts';

/** Monthly statements per workshop. */
export function statementsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getStatements, async (req, reply) => {
    // A month's figures change while it lasts (payments, returns): never from a cache.
    reply.header('Cache-Control', 'no-store');
    return statementsFor(ctx, actorOf(req), req.query);
  });

  route(app, endpoints.downloadStatement, async (req, reply) => {
    const { fileName, pdf } = await statementFile(ctx, actorOf(req), req.query);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });
}
