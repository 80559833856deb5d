import { endpoint, noContent } from '../endpoints/endpoint.ts';
import { healthSchema, settingsSchema } from '../settings/settings.schema.ts';
import { outboxIdParamsSchema, outboxQuerySchema, outboxResponseSchema } from './outbox.schema.ts';

/** Health, the web app's settings, and the super admin's mail outbox. */
const tags = ['system'];
const superAdmin = ['superAdmin'] as const;
const errors = [400, 401, 403, 404] as const;

export const getHealth = endpoint({
  method: 'GET',
  path: '/health',
  operationId: 'getHealth',
  summary: 'Werkt de server en neemt zijn database schrijfacties aan?',
  tags,
  access: 'public',
  response: { 200: healthSchema },
  errors: [503],
});

export const getSettings = endpoint({
  method: 'GET',
  path: '/settings',
  operationId: 'getSettings',
  summary: 'De instellingen waarmee de web-app rekent (btw, commissie, grenzen)',
  tags,
  access: 'public',
  response: { 200: settingsSchema },
  errors: [],
});

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
