import { endpoint } from '../endpoints/endpoint.ts';
import { dashboardSchema } from './dashboard.schema.ts';

/** The admins' home. */
export const getDashboard = endpoint({
  method: 'GET',
  path: '/dashboard',
  operationId: 'getDashboard',
  summary:
    'Het dashboard: wat er te doen is, de kerncijfers van deze en vorige maand, grafieken en de best bekeken en meest gereserveerde producten (super admin: de hele marktplaats en per atelier)',
  tags: ['dashboard'],
  access: ['superAdmin', 'workshopAdmin'],
  response: { 200: dashboardSchema },
  errors: [401, 403],
});
