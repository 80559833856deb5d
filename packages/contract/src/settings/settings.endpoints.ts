import { endpoint } from '../endpoints/endpoint.ts';
import { adminSettingsSchema } from './admin-settings.schema.ts';
import { platformSettingsSchema } from './platform-settings.schema.ts';

/** The super admin's 'Instellingen': deadlines, tax and fee, the platform's bank account. */
const tags = ['settings'];
const superAdmin = ['superAdmin'] as const;

export const getAdminSettings = endpoint({
  method: 'GET',
  path: '/admin/settings',
  operationId: 'getAdminSettings',
  summary: 'De instellingen van het platform: termijnen, btw, commissie en de eigen bankrekening',
  tags,
  access: superAdmin,
  response: { 200: adminSettingsSchema },
  errors: [401, 403],
});

export const updateAdminSettings = endpoint({
  method: 'PUT',
  path: '/admin/settings',
  operationId: 'updateAdminSettings',
  summary: 'De instellingen van het platform opslaan',
  description:
    'Alle instellingen tegelijk. Een termijn die een omgevingsvariabele vastlegt, kan hier niet veranderen (400).',
  tags,
  access: superAdmin,
  body: platformSettingsSchema,
  response: { 200: adminSettingsSchema },
  errors: [400, 401, 403],
});
