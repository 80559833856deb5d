import { RETRY_SAFE_CREATE } from '../common/idempotency.ts';
import { endpoint, noContent } from '../endpoints/endpoint.ts';
import {
  contentIdParamsSchema,
  faqIdQuerySchema,
  faqQuestionsResponseSchema,
  faqSchema,
  pageInputSchema,
  pageSchema,
  pagesResponseSchema,
  resourcesResponseSchema,
  saveFaqQuestionsSchema,
  setResourceValueSchema,
  subcategoriesResponseSchema,
  subcategoryInputSchema,
  subcategorySchema,
} from './content.schema.ts';

/** Texts, subcategories, FAQs and shop pages. Only the super admin changes content. */
const tags = ['content'];
const superAdmin = ['superAdmin'] as const;
const errors = [400, 401, 403, 404] as const;

export const listResources = endpoint({
  method: 'GET',
  path: '/resources',
  operationId: 'listResources',
  summary: 'De teksten van de webshop',
  tags,
  access: superAdmin,
  response: { 200: resourcesResponseSchema },
  errors,
});

export const setResourceValue = endpoint({
  method: 'PUT',
  path: '/resources/:id/set-value',
  operationId: 'setResourceValue',
  summary: 'Een tekst van de webshop wijzigen',
  tags,
  access: superAdmin,
  params: contentIdParamsSchema,
  body: setResourceValueSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});

export const listSubcategories = endpoint({
  method: 'GET',
  path: '/subcategories',
  operationId: 'listSubcategories',
  summary: 'De subcategorieën',
  tags,
  access: superAdmin,
  response: { 200: subcategoriesResponseSchema },
  errors,
});

export const getSubcategory = endpoint({
  method: 'GET',
  path: '/subcategories/:id',
  operationId: 'getSubcategory',
  summary: 'Een subcategorie',
  tags,
  access: superAdmin,
  params: contentIdParamsSchema,
  response: { 200: subcategorySchema },
  errors,
});

export const createSubcategory = endpoint({
  method: 'POST',
  path: '/subcategories',
  operationId: 'createSubcategory',
  summary: 'Een subcategorie toevoegen',
  tags,
  access: superAdmin,
  body: subcategoryInputSchema,
  response: { 200: subcategorySchema },
  ...RETRY_SAFE_CREATE,
});

export const updateSubcategory = endpoint({
  method: 'PUT',
  path: '/subcategories/:id',
  operationId: 'updateSubcategory',
  summary: 'Een subcategorie wijzigen',
  tags,
  access: superAdmin,
  params: contentIdParamsSchema,
  body: subcategoryInputSchema,
  response: { 200: subcategorySchema },
  errors,
});

export const deleteSubcategory = endpoint({
  method: 'DELETE',
  path: '/subcategories/:id',
  operationId: 'deleteSubcategory',
  summary: 'Een subcategorie verwijderen',
  tags,
  access: superAdmin,
  params: contentIdParamsSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});

export const getFaq = endpoint({
  method: 'GET',
  path: '/faq/:id',
  operationId: 'getFaq',
  summary: 'Een FAQ met zijn vragen',
  tags,
  access: 'authenticated',
  params: contentIdParamsSchema,
  response: { 200: faqSchema },
  errors,
});

export const saveFaqQuestions = endpoint({
  method: 'POST',
  path: '/faq/questions',
  operationId: 'saveFaqQuestions',
  summary: 'Slaat de hele lijst met vragen van een FAQ op',
  tags,
  access: superAdmin,
  query: faqIdQuerySchema,
  body: saveFaqQuestionsSchema,
  response: { 200: faqQuestionsResponseSchema },
  errors,
});

export const listPages = endpoint({
  method: 'GET',
  path: '/pages/all',
  operationId: 'listPages',
  summary: "De pagina's van het hoofdmenu en de footer",
  tags,
  access: superAdmin,
  response: { 200: pagesResponseSchema },
  errors,
});

export const createPage = endpoint({
  method: 'POST',
  path: '/pages',
  operationId: 'createPage',
  summary: 'Een pagina toevoegen',
  tags,
  access: superAdmin,
  body: pageInputSchema,
  response: { 200: pageSchema },
  ...RETRY_SAFE_CREATE,
});

export const updatePage = endpoint({
  method: 'PUT',
  path: '/pages/:id',
  operationId: 'updatePage',
  summary: 'Een pagina wijzigen',
  tags,
  access: superAdmin,
  params: contentIdParamsSchema,
  body: pageInputSchema,
  response: { 200: pageSchema },
  errors,
});

export const deletePage = endpoint({
  method: 'DELETE',
  path: '/pages/:id',
  operationId: 'deletePage',
  summary: 'Een pagina verwijderen',
  tags,
  access: superAdmin,
  params: contentIdParamsSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});
