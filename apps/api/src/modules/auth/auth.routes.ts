import { endpoints, WORKSHOP_HEADER } from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../plugins/auth.ts';
import { registerEndpoint as route } from '../../plugins/endpoint-routes.ts';
import * as account from './account.service.ts';
import * as auth from './auth.service.ts';
import * as notices from './change-notices.ts';
import * as mySessions from './my-sessions.ts';
import * as secondStep from './second-step.ts';

/** Where a log-in comes from (Fastify's `ip` follows TRUST_PROXY), for 'Mijn sessies' and the Logboek. */
const clientOf = (req: FastifyRequest) => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const strict = { config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: 60_000 } } };

  route(
    app,
    endpoints.login,
    (req) =>
      auth.login(ctx, {
        ...req.body,
        tenantHeader: req.headers[WORKSHOP_HEADER] as string | undefined,
        client: clientOf(req),
      }),
    strict,
  );

  route(app, endpoints.refreshToken, (req) => auth.refresh(ctx, req.body.refreshToken), strict);

  route(app, endpoints.logout, async (req, reply) => {
    await auth.logout(ctx, req.body?.refreshToken, req.actor);
    return reply.status(204).send(null);
  });

  route(app, endpoints.getMyProfile, (req) => account.getProfile(ctx, actorOf(req)));

  route(app, endpoints.updateMyProfile, (req) => account.updateProfile(ctx, actorOf(req), req.body));

  route(app, endpoints.changeMyPassword, async (req, reply) => {
    await account.changePassword(ctx, actorOf(req), req.body);
    return reply.status(204).send(null);
  });

  route(
    app,
    endpoints.requestPasswordReset,
    (req) =>
      account.requestPasswordReset(ctx, req.body.emailAddress, req.headers[WORKSHOP_HEADER] as string | undefined),
    strict,
  );

  route(app, endpoints.loginSecondStep, (req) => secondStep.loginSecondStep(ctx, req.body, clientOf(req)), strict);
  route(app, endpoints.loginTwoFactorSetup, (req) => secondStep.loginTwoFactorSetup(ctx, req.body.challenge), strict);
  route(
    app,
    endpoints.loginTwoFactorEnable,
    (req) => secondStep.loginTwoFactorEnable(ctx, req.body, clientOf(req)),
    strict,
  );
  route(app, endpoints.setUpMyTwoFactor, (req) => account.setUpMyTwoFactor(ctx, actorOf(req), req.body), strict);
  route(app, endpoints.enableMyTwoFactor, (req) => account.enableMyTwoFactor(ctx, actorOf(req), req.body.code), strict);
  route(
    app,
    endpoints.disableMyTwoFactor,
    async (req, reply) => {
      await account.disableMyTwoFactor(ctx, actorOf(req), req.body);
      return reply.status(204).send(null);
    },
    strict,
  );

  route(app, endpoints.listMySessions, (req) => mySessions.listMySessions(ctx, actorOf(req)));
  route(app, endpoints.endMySession, async (req, reply) => {
    await mySessions.endMySession(ctx, actorOf(req), req.params.id);
    return reply.status(204).send(null);
  });
  route(app, endpoints.endAllMySessions, async (req, reply) => {
    await mySessions.endAllMySessions(ctx, actorOf(req));
    return reply.status(204).send(null);
  });

  route(app, endpoints.reportNotMe, (req) => notices.reportNotMe(ctx, req.body.code), strict);

  route(
    app,
    endpoints.resetPassword,
    async (req, reply) => {
      await account.resetPassword(ctx, req.body);
      return reply.status(204).send(null);
    },
    strict,
  );
}
