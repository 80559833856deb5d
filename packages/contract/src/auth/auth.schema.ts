import { z } from 'zod';
import {
  emailField,
  optionalText,
  passwordField,
  readOnlyFields,
  reconfirmFields,
  requiredText,
  strongPasswordField,
} from '../common/fields.ts';
import { MESSAGES } from '../messages.ts';
import { profileSchema, tokenResponseSchema } from './session.schema.ts';

const challengeField = requiredText(MESSAGES.twoFactorChallengeExpired, 2048);
const codeField = z
  .string({ error: MESSAGES.twoFactorCodeRequired })
  .trim()
  .min(1, { error: MESSAGES.twoFactorCodeRequired })
  .max(64);

export const secondStepRequestSchema = z.strictObject({ challenge: challengeField, code: codeField });
export type SecondStepRequest = z.infer<typeof secondStepRequestSchema>;

/** What setting up two-factor log-in shows: the secret as text and as a QR code for the authenticator app. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** The QR code as an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorChallengeRequestSchema = z.strictObject({ challenge: challengeField });
export const twoFactorEnableRequestSchema = z.strictObject({ code: codeField });
/** The ten recovery codes, shown once; when set up during log-in, the session's tokens too. */
export const twoFactorEnabledSchema = z.object({
  recoveryCodes: z.array(z.string()),
  tokens: tokenResponseSchema.optional(),
});
export type TwoFactorEnabled = z.infer<typeof twoFactorEnabledSchema>;
/** Setting up or switching off the second factor re-confirms with the password (or a code). */
export const twoFactorReconfirmSchema = z.strictObject({ ...reconfirmFields });

/** The profile variant of the user form: no role, password or concurrency stamp. */
/** What PUT identity/my-profile accepts back from the GET but does not change (403 when changed). */
export const PROFILE_READ_ONLY = [
  'id',
  'fullName',
  'userName',
  'tenant',
  'roles',
  'isSuperAdmin',
  'twoFactorEnabled',
] as const;

export const updateProfileSchema = z.strictObject({
  ...readOnlyFields(profileSchema.shape, PROFILE_READ_ONLY),
  name: requiredText(MESSAGES.firstNameRequired, 64),
  surname: requiredText(MESSAGES.lastNameRequired, 64),
  email: emailField,
  phoneNumber: optionalText(32),
  /** Absent = unchanged (a client that does not know the switch). */
  emailNotifications: z.boolean({ error: MESSAGES.fieldInvalid }).optional(),
  /** Required when the e-mail address changes. */
  ...reconfirmFields,
});
export type UpdateProfile = z.infer<typeof updateProfileSchema>;

// ---- Passwords
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z
    .string({ error: MESSAGES.currentPasswordRequired })
    .min(1, { error: MESSAGES.currentPasswordRequired })
    .max(256),
  newPassword: strongPasswordField,
  /** With the second factor on, its code too. */
  confirmCode: reconfirmFields.confirmCode,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** A new password's repetition must be the same; when not, that is said under the repetition. */
const repeatIsSame = (v: { newPassword: string; newPasswordRepeat: string }) => v.newPassword === v.newPasswordRepeat;
const repeatDiffers = { error: MESSAGES.passwordsDoNotMatch, path: ['newPasswordRepeat'] };

/** The change-password form of the web app: length only, 'nieuwe' wording. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordRequired })
      .min(1, { error: MESSAGES.currentPasswordRequired }),
    newPassword: passwordField(MESSAGES.newPasswordRequired, MESSAGES.newPasswordLength),
    newPasswordRepeat: passwordField(MESSAGES.newPasswordRepeatRequired, MESSAGES.newPasswordLength),
  })
  .refine(repeatIsSame, repeatDiffers);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const resetPasswordRequestRequestSchema = z.strictObject({
  emailAddress: z
    .string({ error: MESSAGES.resetRequestEmailRequired })
    .trim()
    .min(1, { error: MESSAGES.resetRequestEmailRequired })
    .max(256),
});
export const messageResponseSchema = z.object({ message: z.string() });

export const resetPasswordRequestSchema = z.strictObject({
  newPassword: strongPasswordField,
  token: requiredText(MESSAGES.resetCodeInvalid, 512),
  userId: requiredText(MESSAGES.resetCodeInvalid, 64),
  tenantId: z.string().max(64).nullish(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset form of the web app: length only. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: passwordField(MESSAGES.passwordRequired, MESSAGES.passwordLength),
    newPasswordRepeat: passwordField(MESSAGES.passwordRepeatRequired, MESSAGES.passwordLength),
  })
  .refine(repeatIsSame, repeatDiffers);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** The code of a 'dit was ik niet' link. */
export const notMeRequestSchema = z.strictObject({ code: requiredText(MESSAGES.notMeInvalid, 512) });

// ---- 'Mijn sessies'
export const mySessionSchema = z.object({
  id: z.string(),
  /** Browser and system in words, from the user agent ('Firefox op Windows'). */
  device: z.string(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type MySession = z.infer<typeof mySessionSchema>;
export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: MESSAGES.notFound }) });
