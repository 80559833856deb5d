// Log-in, tokens and the own profile: what the log-in screen and every signed-in start call, in a module of their
// own so that those do not build every account schema (docs/decisions/0098).
import { endpoint, noContent } from '../endpoints/endpoint.ts';
import { AUTH_ERRORS as errors, workshopHeaders } from './auth-call-parts.ts';
import {
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  profileSchema,
  refreshRequestSchema,
  tokenResponseSchema,
} from './session.schema.ts';

export const login = endpoint({
  method: 'POST',
  path: '/auth/login',
  operationId: 'login',
  summary: 'Inloggen (tenant met de header __tenant)',
  tags: ['auth'],
  access: 'public',
  headers: workshopHeaders,
  body: loginRequestSchema,
  response: { 200: loginResponseSchema },
  errors,
});

export const refreshToken = endpoint({
  method: 'POST',
  path: '/auth/refresh',
  operationId: 'refreshToken',
  summary: 'Een nieuw toegangstoken met het vernieuwingstoken (dat daarmee vervalt)',
  tags: ['auth'],
  access: 'public',
  body: refreshRequestSchema,
  response: { 200: tokenResponseSchema },
  errors,
});

export const logout = endpoint({
  method: 'POST',
  path: '/auth/logout',
  operationId: 'logout',
  summary: 'Uitloggen: het vernieuwingstoken vervalt',
  tags: ['auth'],
  access: 'optional',
  body: logoutRequestSchema.nullish(),
  response: { 204: noContent('Gelukt') },
  errors,
});

export const getMyProfile = endpoint({
  method: 'GET',
  path: '/identity/my-profile',
  operationId: 'getMyProfile',
  summary: 'Het eigen profiel',
  tags: ['identity'],
  access: 'authenticated',
  response: { 200: profileSchema },
  errors,
});
