import { RETRY_SAFE_CREATE } from '../common/idempotency.ts';
import { endpoint, STANDARD_ERRORS as errors, noContent } from '../endpoints/endpoint.ts';
import {
  categoriesResponseSchema,
  deliveryMethodsResponseSchema,
  productBulkRequestSchema,
  productBulkResponseSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productPublishStatusSchema,
  productSchema,
} from './products.schema.ts';

/**
 * Products and the reference data of the wizard (creating and changing one: product-edit.endpoints.ts; the featured
 * products: featured-products.endpoints.ts).
 */
const tags = ['products'];
const makers = ['workshopAdmin', 'user'] as const;
const workshopAdmin = ['workshopAdmin'] as const;

export const listProducts = endpoint({
  method: 'GET',
  path: '/products',
  operationId: 'listProducts',
  summary:
    'De producten van het eigen atelier (super admin: alle), nieuwste eerst; met skipCount, search (naam of code), published, availability, categoryId of sorting één pagina, gefilterd en gesorteerd, met totalCount alle treffers',
  tags,
  access: 'authenticated',
  query: productListQuerySchema,
  response: { 200: productListResponseSchema },
  errors,
});

export const listDeliveryMethods = endpoint({
  method: 'GET',
  path: '/products/delivery-methods',
  operationId: 'listDeliveryMethods',
  summary: 'De verzendmethoden met hun prijs',
  tags,
  access: 'authenticated',
  response: { 200: deliveryMethodsResponseSchema },
  errors,
});

export const getProduct = endpoint({
  method: 'GET',
  path: '/products/:id',
  operationId: 'getProduct',
  summary: 'Een product',
  tags,
  access: 'authenticated',
  params: productIdParamsSchema,
  response: { 200: productSchema },
  errors,
});

export const deleteProduct = endpoint({
  method: 'DELETE',
  path: '/products/:id',
  operationId: 'deleteProduct',
  summary: 'Een product verwijderen',
  tags,
  access: makers,
  params: productIdParamsSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});

export const duplicateProduct = endpoint({
  method: 'POST',
  path: '/products/:id/duplicate',
  operationId: 'duplicateProduct',
  summary: 'Een product kopiëren, als concept',
  tags,
  access: workshopAdmin,
  params: productIdParamsSchema,
  response: { 200: productSchema },
  ...RETRY_SAFE_CREATE,
});

export const setProductPublishStatus = endpoint({
  method: 'POST',
  path: '/products/:id/publish-status',
  operationId: 'setProductPublishStatus',
  summary: 'Een product publiceren of offline halen',
  tags,
  access: workshopAdmin,
  params: productIdParamsSchema,
  body: productPublishStatusSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});

export const bulkProducts = endpoint({
  method: 'POST',
  path: '/products/bulk',
  operationId: 'bulkProducts',
  summary: 'Producten in één keer publiceren, offline halen of verwijderen',
  description:
    'Elk product volgt de regels van de losse actie (publiceren en offline halen: alleen de beheerder); het antwoord noemt per product of het lukte, en zo niet waarom. Een product van een ander atelier is niet gevonden.',
  tags,
  access: makers,
  body: productBulkRequestSchema,
  response: { 200: productBulkResponseSchema },
  errors,
});

export const listMainCategories = endpoint({
  method: 'GET',
  path: '/categories/all',
  operationId: 'listMainCategories',
  summary: 'Hoofdcategorieën',
  tags,
  access: 'authenticated',
  response: { 200: categoriesResponseSchema },
  errors: [401],
});

export const listCustomCategories = endpoint({
  method: 'GET',
  path: '/subcategories/all',
  operationId: 'listCustomCategories',
  summary: 'Eigen categorieën',
  tags,
  access: 'authenticated',
  response: { 200: categoriesResponseSchema },
  errors: [401],
});
