// The log-in picker's call, in a module of its own: the log-in screen and every signed-in start read it, and the
// workshops' endpoint module would build every workshop schema there (docs/decisions/0098).
import { endpoint } from '../endpoints/endpoint.ts';
import { availableWorkshopsResponseSchema } from './available.schema.ts';

export const listAvailableWorkspaces = endpoint({
  method: 'GET',
  path: '/workspaces/available',
  operationId: 'listAvailableWorkspaces',
  summary: 'Ateliers voor de keuzelijst bij het inloggen',
  tags: ['workspaces'],
  access: 'public',
  response: { 200: availableWorkshopsResponseSchema },
  errors: [],
});
