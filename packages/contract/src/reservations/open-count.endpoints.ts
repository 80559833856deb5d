// The navigation badge's call, in a module of its own: the shell makes it on every signed-in screen, and the
// reservations' endpoint module would build every reservation schema there (docs/decisions/0098).
import { endpoint, STANDARD_ERRORS as errors } from '../endpoints/endpoint.ts';
import { reservationOpenCountSchema } from './open-count.schema.ts';

export const countOpenReservations = endpoint({
  method: 'GET',
  path: '/reservations/open-count',
  operationId: 'countOpenReservations',
  summary: 'Het aantal open reserveringen',
  tags: ['reservations'],
  access: ['superAdmin', 'workshopAdmin'],
  response: { 200: reservationOpenCountSchema },
  errors,
});
