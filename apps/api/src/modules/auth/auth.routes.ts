import {
  changePasswordRequestSchema,
  errorEnvelopeSchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageResponseSchema,
  profileSchema,
  refreshRequestSchema,
  resetPasswordRequestRequestSchema,
  resetPasswordRequestSchema,
  TENANT_HEADER,
  tokenResponseSchema,
  updateProfileSchema,
} from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf, requireAuth } from '../../plugins/auth.ts';
import * as account from './account.service.ts';
import * as auth from './auth.service.ts';

const tenantHeaders = z.object({ [TENANT_HEADER]: z.string().max(64).optional() }).loose();
/** Public, or with the caller's token: both are accepted. */
const optionalToken: { [scheme: string]: string[] }[] = [{}, { bearer: [] }];
const noContent = { 204: z.null().describe('Gelukt') };
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 429: errorEnvelopeSchema };

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const strict = { config: { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: 60_000 } } };

  r.post(
    '/auth/login',
    {
      ...strict,
      schema: {
        tags: ['auth'],
        operationId: 'login',
        security: [],
        summary: 'Inloggen (tenant met de header __tenant)',
        headers: tenantHeaders,
        body: loginRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    (req) => auth.login(ctx, { ...req.body, tenantHeader: req.headers[TENANT_HEADER] as string | undefined }),
  );

  r.post(
    '/auth/refresh',
    {
      ...strict,
      schema: {
        tags: ['auth'],
        operationId: 'refreshToken',
        security: [],
        summary: 'Een nieuw toegangstoken met het vernieuwingstoken (dat daarmee vervalt)',
        body: refreshRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    (req) => auth.refresh(ctx, req.body.refreshToken),
  );

  r.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        security: optionalToken,
        summary: 'Uitloggen: het vernieuwingstoken vervalt',
        body: logoutRequestSchema.nullish(),
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await auth.logout(ctx, req.body?.refreshToken, req.actor);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/identity/my-profile',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['identity'],
        operationId: 'getMyProfile',
        summary: 'Het eigen profiel',
        response: { 200: profileSchema, ...errors },
      },
    },
    (req) => account.getProfile(ctx, actorOf(req)),
  );

  r.put(
    '/identity/my-profile',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['identity'],
        operationId: 'updateMyProfile',
        summary: 'Het eigen profiel wijzigen',
        body: updateProfileSchema,
        response: { 200: profileSchema, ...errors },
      },
    },
    (req) => account.updateProfile(ctx, actorOf(req), req.body),
  );

  r.post(
    '/identity/my-profile/change-password',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['identity'],
        operationId: 'changeMyPassword',
        summary: 'Het eigen wachtwoord wijzigen',
        body: changePasswordRequestSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await account.changePassword(ctx, actorOf(req), req.body);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/account/reset-password-request',
    {
      ...strict,
      schema: {
        tags: ['account'],
        operationId: 'requestPasswordReset',
        security: [],
        summary: 'Een link om het wachtwoord opnieuw in te stellen aanvragen',
        headers: tenantHeaders,
        body: resetPasswordRequestRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    (req) => account.requestPasswordReset(ctx, req.body.emailAddress, req.headers[TENANT_HEADER] as string | undefined),
  );

  r.post(
    '/account/reset-password',
    {
      ...strict,
      schema: {
        tags: ['account'],
        operationId: 'resetPassword',
        security: [],
        summary: 'Het wachtwoord opnieuw instellen met de code uit de mail',
        body: resetPasswordRequestSchema,
        response: { ...noContent, ...errors },
      },
    },
    async (req, reply) => {
      await account.resetPassword(ctx, req.body);
      return reply.status(204).send(null);
    },
  );
}
