import { z } from 'zod';
import { endpoint } from '../endpoints/endpoint.ts';

/** Live updates (docs/decisions/0028-live-events.md). */
export const streamEvents = endpoint({
  method: 'GET',
  path: '/events',
  operationId: 'streamEvents',
  summary: 'Live meldingen over reserveringen van het eigen atelier (alle ateliers voor de superbeheerder)',
  // Last-Event-ID is read by the handler, not declared as a parameter: a fuzzer or a client generated from the
  // document would otherwise treat this never-ending answer as an ordinary call.
  description:
    'Stuur na een onderbreking de kop `Last-Event-ID` mee (het laatst ontvangen `id:`) om de gemiste meldingen van de afgelopen dag eerst te krijgen.',
  tags: ['Meldingen'],
  access: 'authenticated',
  response: {
    200: {
      description:
        'Server-sent events: `reservationCreated`, `reservationStatusChanged` en `reservationPaid`, elk met `id:` en als `data:` een ReservationEvent (JSON); commentaarregels als hartslag.',
      // The body is a stream, not a value: typed unknown so the handler may send one; described as text.
      content: { 'text/event-stream': { schema: z.string() as unknown as z.ZodType<unknown> } },
    },
  },
  errors: [401, 429],
});
