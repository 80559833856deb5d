import {
  errorEnvelopeSchema,
  outboxIdParamsSchema,
  outboxQuerySchema,
  outboxResponseSchema,
} from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { requireRole } from '../../plugins/auth.ts';
import * as service from './outbox.service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const tags = ['system'];
const superAdmin = requireRole('superAdmin');

/** The mail outbox for the super admin: mails given up on, and sending one again (issue 13.8). */
export function outboxRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/system/outbox',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'listOutbox',
        summary: 'Niet verstuurde e-mails',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema, ...errors },
      },
    },
    (req) => service.listOutbox(ctx, req.query.status),
  );

  r.post(
    '/system/outbox/:id/resend',
    {
      onRequest: superAdmin,
      schema: {
        tags,
        operationId: 'resendOutboxMail',
        summary: 'Een niet verstuurde e-mail opnieuw versturen',
        params: outboxIdParamsSchema,
        response: { 204: z.null().describe('Opnieuw in de wachtrij'), ...errors },
      },
    },
    async (req, reply) => {
      await service.resendMail(ctx, req.params.id);
      return reply.status(204).send(null);
    },
  );
}
