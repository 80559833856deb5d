// Creating and changing a product, in a module of its own: the screens that only read products do not build the
// product's input schema (docs/decisions/0098).
import { RETRY_SAFE_CREATE } from '../common/idempotency.ts';
import { endpoint, STANDARD_ERRORS as errors } from '../endpoints/endpoint.ts';
import { productInputSchema } from './product-input.schema.ts';
import { productIdParamsSchema, productSchema } from './products.schema.ts';

const tags = ['products'];
const makers = ['workshopAdmin', 'user'] as const;

export const createProduct = endpoint({
  method: 'POST',
  path: '/products',
  operationId: 'createProduct',
  summary: 'Een product toevoegen',
  tags,
  access: makers,
  body: productInputSchema,
  response: { 200: productSchema },
  ...RETRY_SAFE_CREATE,
});

export const updateProduct = endpoint({
  method: 'PUT',
  path: '/products/:id',
  operationId: 'updateProduct',
  summary: 'Een product wijzigen',
  tags,
  access: makers,
  params: productIdParamsSchema,
  body: productInputSchema,
  response: { 200: productSchema },
  errors,
});
