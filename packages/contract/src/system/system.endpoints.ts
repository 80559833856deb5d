import { endpoint } from '../endpoints/endpoint.ts';
import { healthSchema, settingsSchema } from '../settings/settings.schema.ts';

/** Health and the web app's settings (the super admin's mail outbox: outbox.endpoints.ts). */
const tags = ['system'];

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
