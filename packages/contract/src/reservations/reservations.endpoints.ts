import { z } from 'zod';
import { LABELS_MAX_RESERVATIONS } from '../constants.ts';
import { endpoint, STANDARD_ERRORS as errors, fileAnswer, noContent } from '../endpoints/endpoint.ts';
import { MESSAGES } from '../messages.ts';
import { pickupTokenParamsSchema, pickupViewSchema } from './pickup.schema.ts';
import { reservationHistorySchema, reservationNoteRequestSchema } from './reservation-history.schema.ts';
import {
  packagesRequestSchema,
  reservationCountsQuerySchema,
  reservationCountsSchema,
  reservationListQuerySchema,
  reservationListSchema,
  reservationPageSchema,
  reservationSchema,
  trackAndTraceRequestSchema,
} from './reservations.schema.ts';

/** The back office's reservations and their PDFs. */
const tags = ['reservations'];
const admins = ['superAdmin', 'workshopAdmin'] as const;
const id = z.uuid({ error: MESSAGES.notFound });
const idParams = z.object({ id });
const fileQuery = z.object({ reservationId: id });
const done = noContent('Gelukt');
/** `reservationIds=a,b,c`: the reservations whose labels and slips go into one PDF. */
const labelsQuery = z.object({
  reservationIds: z
    .string({ error: MESSAGES.bulkNoneChosen })
    .transform((value) => [
      ...new Set(
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(id)
        .min(1, { error: MESSAGES.bulkNoneChosen })
        .max(LABELS_MAX_RESERVATIONS, { error: MESSAGES.bulkTooMany(LABELS_MAX_RESERVATIONS) }),
    ),
});

export const listReservations = endpoint({
  method: 'GET',
  path: '/reservations/all',
  operationId: 'listReservations',
  summary:
    'Reserveringen van het eigen atelier (super admin: alle), nieuwste eerst; met skipCount of maxResultCount één pagina als { items, totalCount }; search zoekt in bestelnummer, klantnaam, e-mail en productnaam; from/to is een datumbereik; todo geeft alleen wat een kaart van het dashboard telt',
  tags,
  access: admins,
  query: reservationListQuerySchema,
  response: { 200: z.union([reservationListSchema, reservationPageSchema]) },
  errors,
});

export const countReservationsPerTab = endpoint({
  method: 'GET',
  path: '/reservations/counts',
  operationId: 'countReservationsPerTab',
  summary:
    'Hoeveel reserveringen elk tabblad van het overzicht toont (open, afgerond, per status, alle), met dezelfde zoekopdracht, datums en todo als reservations/all',
  tags,
  access: admins,
  query: reservationCountsQuerySchema,
  response: { 200: reservationCountsSchema },
  errors,
});

export const getReservationHistory = endpoint({
  method: 'GET',
  path: '/reservations/:id/history',
  operationId: 'getReservationHistory',
  summary: 'De geschiedenis van een reservering: statuswijzigingen met wie en wanneer, en de verstuurde e-mails',
  tags,
  access: admins,
  params: idParams,
  response: { 200: reservationHistorySchema },
  errors: [400, 401, 403, 404],
});

export const addReservationNote = endpoint({
  method: 'POST',
  path: '/reservations/:id/notes',
  operationId: 'addReservationNote',
  summary:
    'Een interne notitie bij een reservering: in de geschiedenis, met wie en wanneer; nooit voor de klant of de webshop',
  tags,
  access: admins,
  params: idParams,
  body: reservationNoteRequestSchema,
  response: { 204: done },
  errors,
});

export const getReservation = endpoint({
  method: 'GET',
  path: '/reservations/:id',
  operationId: 'getReservation',
  summary: 'Een reservering',
  tags,
  access: admins,
  params: idParams,
  response: { 200: reservationSchema },
  errors,
});

export const confirmReservation = endpoint({
  method: 'POST',
  path: '/reservations/:id/confirm',
  operationId: 'confirmReservation',
  summary: 'Een reservering goedkeuren (de klant krijgt de betaallink)',
  tags,
  access: admins,
  params: idParams,
  response: { 204: done },
  errors,
});

export const rejectReservation = endpoint({
  method: 'POST',
  path: '/reservations/:id/reject',
  operationId: 'rejectReservation',
  summary: 'Een reservering afwijzen',
  tags,
  access: admins,
  params: idParams,
  response: { 204: done },
  errors,
});

export const markReservationShipped = endpoint({
  method: 'POST',
  path: '/reservations/:id/shipped',
  operationId: 'markReservationShipped',
  summary: 'Een reservering is verzonden',
  tags,
  access: admins,
  params: idParams,
  response: { 204: done },
  errors,
});

export const markReservationPickedUp = endpoint({
  method: 'POST',
  path: '/reservations/:id/received',
  operationId: 'markReservationPickedUp',
  summary: 'Een reservering is opgehaald',
  tags,
  access: admins,
  params: idParams,
  response: { 204: done },
  errors,
});

export const markReservationReturned = endpoint({
  method: 'POST',
  path: '/reservations/:id/returned',
  operationId: 'markReservationReturned',
  summary: 'Een retour is ontvangen',
  tags,
  access: admins,
  params: idParams,
  response: { 204: done },
  errors,
});

export const sendPaymentReminder = endpoint({
  method: 'POST',
  path: '/reservations/:id/send-payment-reminder',
  operationId: 'sendPaymentReminder',
  summary: 'De klant opnieuw de betaallink mailen',
  tags,
  access: admins,
  params: idParams,
  response: { 204: done },
  errors,
});

export const removeReservationProduct = endpoint({
  method: 'PUT',
  path: '/reservations/:reservationId/products/:productId/availability',
  operationId: 'removeReservationProduct',
  summary: 'Haalt een product uit de reservering (onomkeerbaar)',
  tags,
  access: admins,
  params: z.object({ reservationId: id, productId: id }),
  response: { 204: done },
  errors,
});

export const setTrackAndTrace = endpoint({
  method: 'PUT',
  path: '/reservations/:id/trackandtrace',
  operationId: 'setTrackAndTrace',
  summary: 'De track-and-tracecode van een zending opslaan',
  tags,
  access: admins,
  params: idParams,
  body: trackAndTraceRequestSchema,
  response: { 204: done },
  errors,
});

export const setReservationPackages = endpoint({
  method: 'PUT',
  path: '/reservations/:reservationId/packages/:deliveryMethodId',
  operationId: 'setReservationPackages',
  summary: 'Het aantal pakketten van een verzendmethode wijzigen',
  tags,
  access: admins,
  params: z.object({
    reservationId: id,
    deliveryMethodId: z.coerce.number({ error: MESSAGES.deliveryMethodInvalid }).int().min(1).max(99),
  }),
  body: packagesRequestSchema,
  response: { 204: done },
  errors,
});

export const downloadShippingLabel = endpoint({
  method: 'GET',
  path: '/files/label',
  operationId: 'downloadShippingLabel',
  summary: 'Het verzendlabel van een reservering (PDF, A6)',
  tags: ['files'],
  access: admins,
  query: fileQuery,
  response: { 200: fileAnswer('application/pdf', 'De PDF, als bijlage') },
  errors,
});

export const downloadPickupSlip = endpoint({
  method: 'GET',
  path: '/files/pickup-slip',
  operationId: 'downloadPickupSlip',
  summary: 'De ophaalbon van een reservering (PDF)',
  tags: ['files'],
  access: admins,
  query: fileQuery,
  response: { 200: fileAnswer('application/pdf', 'De PDF, als bijlage') },
  errors,
});

export const downloadLabels = endpoint({
  method: 'GET',
  path: '/files/labels',
  operationId: 'downloadLabels',
  summary: 'De verzendlabels en ophaalbonnen van betaalde reserveringen, één pagina per reservering (PDF, A6)',
  description:
    'Per reservering het verzendlabel of de ophaalbon, naar haar verzendmethode. Is één reservering niet gevonden (ook: van een ander atelier), dan 404 voor het geheel; is er één niet betaald, dan 409.',
  tags: ['files'],
  access: admins,
  query: labelsQuery,
  response: { 200: fileAnswer('application/pdf', 'De PDF, als bijlage') },
  errors,
});

/** Scan to hand over: the workshop's own admins and users at the counter, never another workshop. */
const counter = ['workshopAdmin', 'user'] as const;

export const getPickup = endpoint({
  method: 'GET',
  path: '/reservations/pickup/:token',
  operationId: 'getPickup',
  summary: 'De reservering achter de QR-code van een ophaalbon: wat er wordt opgehaald en of het al is meegegeven',
  tags,
  access: counter,
  params: pickupTokenParamsSchema,
  response: { 200: pickupViewSchema },
  errors,
});

export const handOverPickup = endpoint({
  method: 'POST',
  path: '/reservations/pickup/:token',
  operationId: 'handOverPickup',
  summary:
    'Meegeven aan de balie: zet een betaalde reservering met ophalen op opgehaald; opnieuw scannen verandert niets en zegt wanneer en door wie',
  tags,
  access: counter,
  params: pickupTokenParamsSchema,
  response: { 200: pickupViewSchema },
  errors,
});
