import { endpoints } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import { getAdminSettings, updateAdminSettings } from './settings.admin.ts';

/** The super admin's 'Instellingen'. */
export function settingsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getAdminSettings, () => getAdminSettings(ctx));
  route(app, endpoints.updateAdminSettings, (req) => updateAdminSettings(ctx, actorOf(req), req.body));
}
