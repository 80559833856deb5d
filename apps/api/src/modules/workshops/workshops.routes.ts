import { endpoints, MESSAGES } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/app-error.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as mollie from './workshop-mollie.service.ts';
import * as service from './workshops.service.ts';

export function workshopsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, endpoints.getWorkshopMollie, (req) => mollie.getWorkshopMollie(ctx, actorOf(req), req.params.id));
  route(app, endpoints.setWorkshopMollie, (req) =>
    mollie.setWorkshopMollie(ctx, actorOf(req), req.params.id, req.body),
  );
  route(app, endpoints.createMollieOnboardingLink, (req) =>
    mollie.createOnboardingLink(ctx, actorOf(req), req.params.id),
  );

  route(app, endpoints.listWorkspaces, (req) => service.listAll(ctx, actorOf(req)));

  route(app, endpoints.getWorkspaceByTenant, (req) => service.getByWorkshop(ctx, actorOf(req), req.params.tenantId));

  route(app, endpoints.getWorkspace, (req) => service.getById(ctx, actorOf(req), req.params.id));

  route(app, endpoints.createWorkspace, (req) => service.create(ctx, actorOf(req), req.body));

  route(app, endpoints.updateWorkspace, (req) => service.update(ctx, actorOf(req), req.params.id, req.body));

  route(app, endpoints.deleteWorkspace, async (req, reply) => {
    await service.remove(ctx, actorOf(req), req.params.id);
    return reply.status(204).send(null);
  });

  route(app, endpoints.setWorkspacePublishStatus, async (req, reply) => {
    if (req.body.id !== req.params.id) throw fieldError('id', MESSAGES.fieldInvalid);
    await service.setPublished(ctx, actorOf(req), req.params.id, req.body.isPublished);
    return reply.status(204).send(null);
  });

  route(app, endpoints.saveFeaturedWorkspaces, (req) =>
    service.setFeatured(ctx, actorOf(req), req.body.featuredWorkspaces),
  );
}
