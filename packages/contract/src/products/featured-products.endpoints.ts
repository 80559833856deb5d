// The featured products (super admin) and their search, in a module of their own (docs/decisions/0098).
import { endpoint, STANDARD_ERRORS as errors } from '../endpoints/endpoint.ts';
import {
  featuredProductsRequestSchema,
  featuredProductsResponseSchema,
  productSearchRequestSchema,
  productSearchResponseSchema,
} from './featured-products.schema.ts';

const tags = ['products'];
const superAdmin = ['superAdmin'] as const;

export const listFeaturedProducts = endpoint({
  method: 'GET',
  path: '/products/featured',
  operationId: 'listFeaturedProducts',
  summary: 'De uitgelichte producten',
  tags,
  access: superAdmin,
  response: { 200: featuredProductsResponseSchema },
  errors,
});

export const saveFeaturedProducts = endpoint({
  method: 'POST',
  path: '/products/featured',
  operationId: 'saveFeaturedProducts',
  summary: 'De uitgelichte producten opslaan, in volgorde',
  tags,
  access: superAdmin,
  body: featuredProductsRequestSchema,
  response: { 200: featuredProductsResponseSchema },
  errors,
});

export const searchProducts = endpoint({
  method: 'POST',
  path: '/products/search',
  operationId: 'searchProducts',
  summary: 'Producten zoeken op naam (om uit te lichten)',
  tags,
  access: superAdmin,
  body: productSearchRequestSchema,
  response: { 200: productSearchResponseSchema },
  errors,
});
