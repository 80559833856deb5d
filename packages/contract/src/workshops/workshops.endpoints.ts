import { RETRY_SAFE_CREATE } from '../common/idempotency.ts';
import { endpoint, STANDARD_ERRORS as errors, noContent } from '../endpoints/endpoint.ts';
import {
  createWorkshopSchema,
  featuredWorkshopsSchema,
  publishStatusSchema,
  updateWorkshopSchema,
  workshopIdParamsSchema,
  workshopProfileIdParamsSchema,
  workshopSchema,
  workshopsResponseSchema,
} from './workshops.schema.ts';

/** The workshops: the super admin's overview and the workshop admin's own profile. */
const tags = ['workspaces'];
const superAdmin = ['superAdmin'] as const;
const admins = ['superAdmin', 'workshopAdmin'] as const;

export const listWorkspaces = endpoint({
  method: 'GET',
  path: '/workspaces/all',
  operationId: 'listWorkspaces',
  summary: 'Alle ateliers',
  tags,
  access: superAdmin,
  response: { 200: workshopsResponseSchema },
  errors,
});

export const getWorkspaceByTenant = endpoint({
  method: 'GET',
  path: '/workspaces/find-by-tenant/:tenantId',
  operationId: 'getWorkspaceByTenant',
  summary: 'Het atelier van een tenant',
  tags,
  access: admins,
  params: workshopIdParamsSchema,
  response: { 200: workshopSchema },
  errors,
});

export const getWorkspace = endpoint({
  method: 'GET',
  path: '/workspaces/:id',
  operationId: 'getWorkspace',
  summary: 'Een atelier',
  tags,
  access: admins,
  params: workshopProfileIdParamsSchema,
  response: { 200: workshopSchema },
  errors,
});

export const createWorkspace = endpoint({
  method: 'POST',
  path: '/workspaces',
  operationId: 'createWorkspace',
  summary: 'Een atelier toevoegen, met zijn beheerder',
  tags,
  access: superAdmin,
  body: createWorkshopSchema,
  response: { 200: workshopSchema },
  ...RETRY_SAFE_CREATE,
});

export const updateWorkspace = endpoint({
  method: 'PUT',
  path: '/workspaces/:id',
  operationId: 'updateWorkspace',
  summary: 'Een atelier wijzigen',
  tags,
  access: admins,
  params: workshopProfileIdParamsSchema,
  body: updateWorkshopSchema,
  response: { 200: workshopSchema },
  errors,
});

export const deleteWorkspace = endpoint({
  method: 'DELETE',
  path: '/workspaces/:id',
  operationId: 'deleteWorkspace',
  summary: 'Een atelier verwijderen, met alles wat erbij hoort',
  tags,
  access: superAdmin,
  params: workshopProfileIdParamsSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});

export const setWorkspacePublishStatus = endpoint({
  method: 'POST',
  path: '/workspaces/:id/publish-status',
  operationId: 'setWorkspacePublishStatus',
  summary: 'Een atelier publiceren of offline halen',
  tags,
  access: superAdmin,
  params: workshopProfileIdParamsSchema,
  body: publishStatusSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});

export const saveFeaturedWorkspaces = endpoint({
  method: 'POST',
  path: '/workspaces/featured',
  operationId: 'saveFeaturedWorkspaces',
  summary: 'Het uitgelichte atelier opslaan',
  tags,
  access: superAdmin,
  body: featuredWorkshopsSchema,
  response: { 200: workshopsResponseSchema },
  errors,
});
