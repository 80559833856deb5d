import { adminsResponseSchema } from '../admins/admins.schema.ts';
import { RETRY_SAFE_CREATE } from '../common/idempotency.ts';
import { endpoint, STANDARD_ERRORS as errors, noContent } from '../endpoints/endpoint.ts';
import { rolesResponseSchema } from './roles.schema.ts';
import {
  createUserSchema,
  updateUserSchema,
  userIdParamsSchema,
  workshopUserSchema,
  workshopUsersResponseSchema,
} from './users.schema.ts';

/** The users of the workshop admin's own tenant, the admin overview and the roles. */
const tags = ['identity'];

export const listUsers = endpoint({
  method: 'GET',
  path: '/identity/users',
  operationId: 'listUsers',
  summary: 'De gebruikers van het eigen atelier',
  tags,
  access: ['workshopAdmin'],
  response: { 200: workshopUsersResponseSchema },
  errors,
});

export const getUser = endpoint({
  method: 'GET',
  path: '/identity/users/:id',
  operationId: 'getUser',
  summary: 'Een gebruiker',
  tags,
  access: ['workshopAdmin'],
  params: userIdParamsSchema,
  response: { 200: workshopUserSchema },
  errors,
});

export const createUser = endpoint({
  method: 'POST',
  path: '/identity/users',
  operationId: 'createUser',
  summary: 'Een gebruiker toevoegen',
  tags,
  access: ['workshopAdmin'],
  body: createUserSchema,
  response: { 200: workshopUserSchema },
  ...RETRY_SAFE_CREATE,
});

export const updateUser = endpoint({
  method: 'PUT',
  path: '/identity/users/:id',
  operationId: 'updateUser',
  summary: 'Een gebruiker wijzigen',
  tags,
  access: ['workshopAdmin'],
  params: userIdParamsSchema,
  body: updateUserSchema,
  response: { 200: workshopUserSchema },
  errors,
});

export const deleteUser = endpoint({
  method: 'DELETE',
  path: '/identity/users/:id',
  operationId: 'deleteUser',
  summary: 'Een gebruiker verwijderen',
  tags,
  access: ['workshopAdmin'],
  params: userIdParamsSchema,
  response: { 204: noContent('Verwijderd') },
  errors,
});

export const listAdmins = endpoint({
  method: 'GET',
  path: '/identity/admins/all',
  operationId: 'listAdmins',
  summary: 'De beheerders van alle ateliers',
  tags,
  access: ['superAdmin'],
  response: { 200: adminsResponseSchema },
  errors,
});

export const listRoles = endpoint({
  method: 'GET',
  path: '/identity/roles/all',
  operationId: 'listRoles',
  summary: 'De rollen (admin, user)',
  tags,
  access: ['superAdmin', 'workshopAdmin'],
  response: { 200: rolesResponseSchema },
  errors: [401, 403],
});
