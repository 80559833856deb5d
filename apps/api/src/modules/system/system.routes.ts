import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { checkHealth } from './health.ts';
import * as system from './system.service.ts';

export function systemRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getHealth, (request) => checkHealth(ctx.database, request.log));

  route(app, endpoints.getSettings, () => system.settings(ctx));

  route(app, endpoints.listAvailableWorkspaces, () => system.availableWorkshops(ctx));

  route(app, endpoints.listRoles, () => system.listRoles(ctx));
}
