import { z } from 'zod';
import { endpoint, STANDARD_ERRORS as errors } from '../endpoints/endpoint.ts';
import { MESSAGES } from '../messages.ts';
import { payoutsQuerySchema } from '../payouts/payouts.schema.ts';
import {
  mollieWebhookSchema,
  onboardingLinkSchema,
  payoutRoutingSchema,
  refundRequestSchema,
  refundResultSchema,
  reservationMoneySchema,
  setWorkshopMollieSchema,
  workshopMollieSchema,
} from './payments.schema.ts';

/** Money through a payment provider (docs/payments.md). */
const idParams = z.object({ id: z.uuid({ error: MESSAGES.notFound }) });
const admins = ['superAdmin', 'workshopAdmin'] as const;

export const mollieWebhook = endpoint({
  method: 'POST',
  path: '/payments/mollie/webhook',
  operationId: 'mollieWebhook',
  summary:
    'Mollie meldt dat een betaling veranderde (formulierveld id); de server vraagt de betaling zelf op bij Mollie',
  description:
    'Altijd 200, ook voor een onbekend id (zoals Mollie verwacht). Niets in het verzoek wordt vertrouwd: alleen wat Mollie over de betaling zegt, telt.',
  tags: ['payments'],
  access: 'public',
  body: mollieWebhookSchema,
  response: { 200: z.null() },
  errors: [400, 429],
});

export const getReservationMoney = endpoint({
  method: 'GET',
  path: '/reservations/:id/payment',
  operationId: 'getReservationMoney',
  summary:
    'De betaling van een reservering bij de betaalprovider, de doorstorting naar het atelier en de terugbetalingen',
  tags: ['reservations'],
  access: admins,
  params: idParams,
  response: { 200: reservationMoneySchema },
  errors,
});

export const refundReservation = endpoint({
  method: 'POST',
  path: '/reservations/:id/refunds',
  operationId: 'refundReservation',
  summary: 'Een betaalde reservering terugbetalen, helemaal of per regel, met een reden (superbeheerder)',
  tags: ['reservations'],
  access: ['superAdmin'],
  params: idParams,
  body: refundRequestSchema,
  response: { 201: refundResultSchema },
  errors,
});

export const getWorkshopMollie = endpoint({
  method: 'GET',
  path: '/workspaces/:id/mollie',
  operationId: 'getWorkshopMollie',
  summary: 'De koppeling van een atelier met Mollie: organisatie, onboarding en wachtende doorstortingen',
  tags: ['workspaces'],
  access: admins,
  params: idParams,
  response: { 200: workshopMollieSchema },
  errors,
});

export const setWorkshopMollie = endpoint({
  method: 'PUT',
  path: '/workspaces/:id/mollie',
  operationId: 'setWorkshopMollie',
  summary: 'De Mollie-organisatie van een atelier instellen (superbeheerder); wachtende doorstortingen gaan dan uit',
  tags: ['workspaces'],
  access: ['superAdmin'],
  params: idParams,
  body: setWorkshopMollieSchema,
  response: { 200: workshopMollieSchema },
  errors,
});

export const createMollieOnboardingLink = endpoint({
  method: 'POST',
  path: '/workspaces/:id/mollie/onboarding-link',
  operationId: 'createMollieOnboardingLink',
  summary: 'Een link waarmee het atelier zich bij Mollie aanmeldt en aan het platform koppelt (Mollie Client Links)',
  tags: ['workspaces'],
  access: admins,
  params: idParams,
  response: { 200: onboardingLinkSchema },
  errors: [...errors, 503],
});

export const getPayoutRouting = endpoint({
  method: 'GET',
  path: '/payouts/routing',
  operationId: 'getPayoutRouting',
  summary: 'Per atelier: betaald, doorgestort, wachtend, fee en terugbetaald in een maand (Mollie Connect)',
  tags: ['payouts'],
  access: ['superAdmin'],
  query: payoutsQuerySchema,
  response: { 200: payoutRoutingSchema },
  errors: [400, 401, 403],
});
