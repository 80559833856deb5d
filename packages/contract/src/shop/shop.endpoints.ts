import { z } from 'zod';
import { idempotencyKeyHeaders } from '../common/idempotency.ts';
import { endpoint, noContent } from '../endpoints/endpoint.ts';
import { MESSAGES } from '../messages.ts';
import { productIdParamsSchema } from '../products/products.schema.ts';
import {
  paymentWebhookSchema,
  shopReservationRequestSchema,
  shopReservationResponseSchema,
} from '../reservations/reservations.schema.ts';
import {
  newsletterSignupSchema,
  shopCategoriesResponseSchema,
  shopFaqSchema,
  shopFeaturedProductsResponseSchema,
  shopPageSchema,
  shopPagesResponseSchema,
  shopProductSchema,
  shopProductsQuerySchema,
  shopProductsResponseSchema,
  shopResourcesResponseSchema,
  shopSlugParamsSchema,
  shopSubcategoriesResponseSchema,
  shopWorkshopSchema,
  shopWorkshopsResponseSchema,
} from './shop.schema.ts';

/**
 * The web shop's public API: published workshops, pages, texts and products, and
 * ordering, returns and the signed payment webhook.
 */
const tags = ['shop'];
const orderErrors = [400, 404, 409, 429] as const;

export const listShopWorkspaces = endpoint({
  method: 'GET',
  path: '/shop/workspaces',
  operationId: 'listShopWorkspaces',
  summary: 'Gepubliceerde ateliers, het uitgelichte eerst',
  tags,
  access: 'public',
  response: { 200: shopWorkshopsResponseSchema },
  errors: [],
});

export const getShopFeaturedWorkspace = endpoint({
  method: 'GET',
  path: '/shop/workspaces/featured',
  operationId: 'getShopFeaturedWorkspace',
  summary: 'Het uitgelichte atelier',
  tags,
  access: 'public',
  response: { 200: shopWorkshopSchema },
  errors: [404],
});

export const getShopWorkspace = endpoint({
  method: 'GET',
  path: '/shop/workspaces/:slug',
  operationId: 'getShopWorkspace',
  summary: 'Een gepubliceerd atelier',
  tags,
  access: 'public',
  params: shopSlugParamsSchema,
  response: { 200: shopWorkshopSchema },
  errors: [404],
});

export const listShopPages = endpoint({
  method: 'GET',
  path: '/shop/pages',
  operationId: 'listShopPages',
  summary: "Pagina's van het hoofdmenu en de footer",
  tags,
  access: 'public',
  response: { 200: shopPagesResponseSchema },
  errors: [],
});

export const getShopPage = endpoint({
  method: 'GET',
  path: '/shop/pages/:slug',
  operationId: 'getShopPage',
  summary: 'Een pagina met inhoud',
  tags,
  access: 'public',
  params: shopSlugParamsSchema,
  response: { 200: shopPageSchema },
  errors: [404],
});

export const getShopFaq = endpoint({
  method: 'GET',
  path: '/shop/faq',
  operationId: 'getShopFaq',
  summary: 'De FAQ van de webshop',
  tags,
  access: 'public',
  response: { 200: shopFaqSchema },
  errors: [],
});

export const listShopResources = endpoint({
  method: 'GET',
  path: '/shop/resources',
  operationId: 'listShopResources',
  summary: 'De teksten van de webshop',
  tags,
  access: 'public',
  response: { 200: shopResourcesResponseSchema },
  errors: [],
});

export const listShopSubcategories = endpoint({
  method: 'GET',
  path: '/shop/subcategories',
  operationId: 'listShopSubcategories',
  summary: 'De subcategorieën',
  tags,
  access: 'public',
  response: { 200: shopSubcategoriesResponseSchema },
  errors: [],
});

export const subscribeToNewsletter = endpoint({
  method: 'POST',
  path: '/shop/newsletter',
  operationId: 'subscribeToNewsletter',
  summary: 'Aanmelden voor de nieuwsbrief (een tweede aanmelding verandert niets)',
  tags,
  access: 'public',
  body: newsletterSignupSchema,
  response: { 204: noContent('Aangemeld') },
  errors: [400, 429],
});

export const listShopProducts = endpoint({
  method: 'GET',
  path: '/shop/products',
  operationId: 'listShopProducts',
  summary: 'Gepubliceerde producten van gepubliceerde ateliers, per pagina, nieuwste eerst',
  tags,
  access: 'public',
  query: shopProductsQuerySchema,
  response: { 200: shopProductsResponseSchema },
  errors: [400],
});

export const listShopFeaturedProducts = endpoint({
  method: 'GET',
  path: '/shop/products/featured',
  operationId: 'listShopFeaturedProducts',
  summary: 'De uitgelichte producten, in volgorde',
  tags,
  access: 'public',
  response: { 200: shopFeaturedProductsResponseSchema },
  errors: [],
});

export const getShopProduct = endpoint({
  method: 'GET',
  path: '/shop/products/:id',
  operationId: 'getShopProduct',
  summary: 'De pagina van een product (telt als bekeken, eens per bezoeker per dag)',
  tags,
  access: 'public',
  params: productIdParamsSchema,
  response: { 200: shopProductSchema },
  errors: [400, 404],
});

export const listShopCategories = endpoint({
  method: 'GET',
  path: '/shop/categories',
  operationId: 'listShopCategories',
  summary: 'De hoofdcategorieën en de eigen categorieën met producten in de webshop',
  tags,
  access: 'public',
  response: { 200: shopCategoriesResponseSchema },
  errors: [],
});

export const placeShopReservation = endpoint({
  method: 'POST',
  path: '/shop/reservations',
  operationId: 'placeShopReservation',
  summary: 'Een reservering plaatsen vanuit de webshop',
  description:
    'Met de header Idempotency-Key (IETF httpapi-draft) maakt dezelfde bestelling nooit twee reserveringen: dezelfde sleutel met dezelfde body binnen 24 uur geeft het eerste antwoord terug (met Idempotent-Replayed: true), dezelfde sleutel met een andere body is 422, en zolang de eerste nog loopt is het 409. Een product met voorraad dat niet meer genoeg beschikbaar heeft is 409 OutOfStock met de naam van het product.',
  tags,
  access: 'public',
  headers: idempotencyKeyHeaders,
  body: shopReservationRequestSchema,
  response: { 201: shopReservationResponseSchema },
  errors: [400, 404, 409, 422, 429],
});

export const requestShopReturn = endpoint({
  method: 'POST',
  path: '/shop/reservations/:id/return',
  operationId: 'requestShopReturn',
  summary: 'Een retour aanmelden (binnen 14 dagen na verzending of ophalen)',
  tags,
  access: 'public',
  params: z.object({ id: z.uuid({ error: MESSAGES.notFound }) }),
  response: { 204: z.null() },
  errors: orderErrors,
});

export const paymentWebhook = endpoint({
  method: 'POST',
  path: '/payments/webhook',
  operationId: 'paymentWebhook',
  summary: 'Betaalstatus van een betaalprovider, ondertekend met HMAC-SHA256 in X-Signature',
  tags: ['payments'],
  access: 'public',
  body: paymentWebhookSchema,
  response: { 204: z.null() },
  errors: [400, 401, 404, 409, 429],
});
