// The super admin's mail outbox, in a module of its own: the shell's failed-mails notice reads it on every screen, the
// product screens read the settings beside it, and neither builds the other's schemas (docs/decisions/0098).
import { endpoint, noContent } from '../endpoints/endpoint.ts';
import { outboxIdParamsSchema, outboxQuerySchema, outboxResponseSchema } from './outbox.schema.ts';

const tags = ['system'];
const superAdmin = ['superAdmin'] as const;
const errors = [400, 401, 403, 404] as const;

export const listOutbox = endpoint({
  method: 'GET',
  path: '/system/outbox',
  operationId: 'listOutbox',
  summary: 'Niet verstuurde e-mails',
  tags,
  access: superAdmin,
  query: outboxQuerySchema,
  response: { 200: outboxResponseSchema },
  errors,
});

export const resendOutboxMail = endpoint({
  method: 'POST',
  path: '/system/outbox/:id/resend',
  operationId: 'resendOutboxMail',
  summary: 'Een niet verstuurde e-mail opnieuw versturen',
  tags,
  access: superAdmin,
  params: outboxIdParamsSchema,
  response: { 204: noContent('Opnieuw in de wachtrij') },
  errors,
});
