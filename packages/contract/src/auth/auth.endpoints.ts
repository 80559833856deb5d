// The log-in's second step, two-factor, sessions, changes of the own profile and the password reset (the log-in, its
// tokens and reading the profile are in session.endpoints.ts).
import { z } from 'zod';
import { endpoint, noContent } from '../endpoints/endpoint.ts';
import {
  changePasswordRequestSchema,
  messageResponseSchema,
  mySessionSchema,
  notMeRequestSchema,
  resetPasswordRequestRequestSchema,
  resetPasswordRequestSchema,
  secondStepRequestSchema,
  sessionIdParamsSchema,
  twoFactorChallengeRequestSchema,
  twoFactorEnabledSchema,
  twoFactorEnableRequestSchema,
  twoFactorReconfirmSchema,
  twoFactorSetupSchema,
  updateProfileSchema,
} from './auth.schema.ts';
import { AUTH_ERRORS as errors, workshopHeaders } from './auth-call-parts.ts';
import { profileSchema, tokenResponseSchema } from './session.schema.ts';

export const updateMyProfile = endpoint({
  method: 'PUT',
  path: '/identity/my-profile',
  operationId: 'updateMyProfile',
  summary: 'Het eigen profiel wijzigen',
  tags: ['identity'],
  access: 'authenticated',
  body: updateProfileSchema,
  response: { 200: profileSchema },
  errors,
});

export const changeMyPassword = endpoint({
  method: 'POST',
  path: '/identity/my-profile/change-password',
  operationId: 'changeMyPassword',
  summary: 'Het eigen wachtwoord wijzigen',
  tags: ['identity'],
  access: 'authenticated',
  body: changePasswordRequestSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});

export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/account/reset-password-request',
  operationId: 'requestPasswordReset',
  summary: 'Een link om het wachtwoord opnieuw in te stellen aanvragen',
  tags: ['account'],
  access: 'public',
  headers: workshopHeaders,
  body: resetPasswordRequestRequestSchema,
  response: { 200: messageResponseSchema },
  errors,
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/account/reset-password',
  operationId: 'resetPassword',
  summary: 'Het wachtwoord opnieuw instellen met de code uit de mail',
  tags: ['account'],
  access: 'public',
  body: resetPasswordRequestSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});

export const reportNotMe = endpoint({
  method: 'POST',
  path: '/account/not-me',
  operationId: 'reportNotMe',
  summary: "'Dit was ik niet': alle sessies van het account dat de wijziging deed beëindigen en de beheerders melden",
  tags: ['account'],
  access: 'public',
  body: notMeRequestSchema,
  response: { 200: messageResponseSchema },
  errors,
});

// ---- Two-factor log-in
export const loginSecondStep = endpoint({
  method: 'POST',
  path: '/auth/login/two-factor',
  operationId: 'loginSecondStep',
  summary: 'De tweede inlogstap: een code uit de authenticator-app of een herstelcode',
  tags: ['auth'],
  access: 'public',
  body: secondStepRequestSchema,
  response: { 200: tokenResponseSchema },
  errors,
});

export const loginTwoFactorSetup = endpoint({
  method: 'POST',
  path: '/auth/two-factor/setup',
  operationId: 'loginTwoFactorSetup',
  summary: 'Tweestapsverificatie instellen tijdens het inloggen (verplicht voor de rol)',
  tags: ['auth'],
  access: 'public',
  body: twoFactorChallengeRequestSchema,
  response: { 200: twoFactorSetupSchema },
  errors,
});

export const loginTwoFactorEnable = endpoint({
  method: 'POST',
  path: '/auth/two-factor/enable',
  operationId: 'loginTwoFactorEnable',
  summary: 'Tweestapsverificatie aanzetten tijdens het inloggen; geeft de herstelcodes en de sessie',
  tags: ['auth'],
  access: 'public',
  body: secondStepRequestSchema,
  response: { 200: twoFactorEnabledSchema },
  errors,
});

export const setUpMyTwoFactor = endpoint({
  method: 'POST',
  path: '/identity/my-profile/two-factor/setup',
  operationId: 'setUpMyTwoFactor',
  summary: 'Tweestapsverificatie instellen (met het huidige wachtwoord)',
  tags: ['identity'],
  access: 'authenticated',
  body: twoFactorReconfirmSchema,
  response: { 200: twoFactorSetupSchema },
  errors,
});

export const enableMyTwoFactor = endpoint({
  method: 'POST',
  path: '/identity/my-profile/two-factor/enable',
  operationId: 'enableMyTwoFactor',
  summary: 'Tweestapsverificatie aanzetten met de eerste code; geeft de herstelcodes',
  tags: ['identity'],
  access: 'authenticated',
  body: twoFactorEnableRequestSchema,
  response: { 200: twoFactorEnabledSchema },
  errors,
});

export const disableMyTwoFactor = endpoint({
  method: 'POST',
  path: '/identity/my-profile/two-factor/disable',
  operationId: 'disableMyTwoFactor',
  summary: 'Tweestapsverificatie uitzetten (met het huidige wachtwoord of een code)',
  tags: ['identity'],
  access: 'authenticated',
  body: twoFactorReconfirmSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});

// ---- 'Mijn sessies'
export const listMySessions = endpoint({
  method: 'GET',
  path: '/identity/my-profile/sessions',
  operationId: 'listMySessions',
  summary: 'De eigen sessies die nog lopen: apparaat, adres, laatste gebruik',
  tags: ['identity'],
  access: 'authenticated',
  response: { 200: z.array(mySessionSchema) },
  errors,
});

export const endMySession = endpoint({
  method: 'DELETE',
  path: '/identity/my-profile/sessions/:id',
  operationId: 'endMySession',
  summary: 'Eén eigen sessie beëindigen',
  tags: ['identity'],
  access: 'authenticated',
  params: sessionIdParamsSchema,
  response: { 204: noContent('Gelukt') },
  errors,
});

export const endAllMySessions = endpoint({
  method: 'POST',
  path: '/identity/my-profile/sessions/end-all',
  operationId: 'endAllMySessions',
  summary: 'Overal uitloggen: alle eigen sessies beëindigen, deze ook',
  tags: ['identity'],
  access: 'authenticated',
  response: { 204: noContent('Gelukt') },
  errors,
});
