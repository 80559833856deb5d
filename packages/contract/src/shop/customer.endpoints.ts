import { endpoint } from '../endpoints/endpoint.ts';
import {
  customerReservationSchema,
  customerTokenParamsSchema,
  withdrawRequestSchema,
} from './customer-reservation.schema.ts';

/** The customer's own reservation through its secret link. */
const tags = ['shop'];

export const getShopCustomerReservation = endpoint({
  method: 'GET',
  path: '/shop/reservations/:token',
  operationId: 'getShopCustomerReservation',
  summary: 'De eigen reservering van de klant, met het token uit customerUrl',
  description:
    'Status (Nederlandse naam), regels, totalen, bezorging, track & trace en wat de klant nu mag doen (betalen, herroepen). Een ander of onbekend token is 404.',
  tags,
  access: 'public',
  params: customerTokenParamsSchema,
  response: { 200: customerReservationSchema },
  errors: [404, 429],
});

export const withdrawShopReservation = endpoint({
  method: 'POST',
  path: '/shop/reservations/:token/withdraw',
  operationId: 'withdrawShopReservation',
  summary: 'Herroepen: vóór verzending annuleren, binnen 14 dagen na verzending of ophalen een retour aanmelden',
  description:
    'De klant ontvangt een bevestiging per e-mail met de tekst van de herroeping; het atelier krijgt bericht. Een product op maat is uitgezonderd (409).',
  tags,
  access: 'public',
  params: customerTokenParamsSchema,
  body: withdrawRequestSchema,
  response: { 200: customerReservationSchema },
  errors: [400, 404, 409, 429],
});
