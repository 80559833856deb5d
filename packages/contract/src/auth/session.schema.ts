// Log-in, tokens and the own profile: what the log-in screen and every signed-in start read, in a module of their
// own so that those do not build the other account schemas (docs/decisions/0098).
import { z } from 'zod';
import { requiredText } from '../common/fields.ts';
import { ROLE_NAMES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';

export const loginRequestSchema = z.strictObject({
  userNameOrEmailAddress: requiredText(MESSAGES.userNameOrEmailRequired),
  password: z.string({ error: MESSAGES.passwordEmpty }).min(1, { error: MESSAGES.passwordEmpty }).max(256),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({
  auth_token: z.string(),
  auth_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/**
 * The log-in's answer when the password was right but a second step is needed: `code` asks for a code of
 * the authenticator app (or a recovery code), `setup` leads a user whose role requires it through setting it up.
 * The challenge is short-lived and only good for that step.
 */
export const secondStepResponseSchema = z.object({
  secondFactor: z.enum(['code', 'setup']),
  challenge: z.string(),
});
export type SecondStepResponse = z.infer<typeof secondStepResponseSchema>;
export const loginResponseSchema = z.union([tokenResponseSchema, secondStepResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.strictObject({
  token: z.string().max(4096).optional().default(''),
  refreshToken: requiredText(MESSAGES.refreshInvalid, 512),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const logoutRequestSchema = z.strictObject({
  refreshToken: z.string().max(512).optional(),
});

// ---- Profile
export const workshopRefSchema = z.object({ id: z.string(), name: z.string(), url: z.string().nullable() });
export type WorkshopRef = z.infer<typeof workshopRefSchema>;

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  email: z.string(),
  userName: z.string(),
  phoneNumber: z.string().nullable(),
  tenant: workshopRefSchema.nullable(),
  roles: z.array(z.enum(ROLE_NAMES)),
  isSuperAdmin: z.boolean(),
  /** 'Meldingen per e-mail': the workshop's mails about new and paid reservations. */
  emailNotifications: z.boolean(),
  /** Two-factor log-in is on. */
  twoFactorEnabled: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;
