import { z } from 'zod';

/** The one error envelope of every failed call (ABP style, DECISIONS.md). */
export const validationErrorSchema = z.object({
  message: z.string(),
  members: z.array(z.string()),
});

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string().nullable(),
    message: z.string(),
    details: z.string().nullable(),
    validationErrors: z.array(validationErrorSchema).nullable(),
  }),
  /** Only on log-in failures: the code the log-in screen maps to text. */
  description: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type ValidationError = z.infer<typeof validationErrorSchema>;

export const ERROR_CODES = {
  validation: 'Validation',
  invalidJson: 'InvalidJson',
  notLoggedIn: 'NotLoggedIn',
  forbidden: 'Forbidden',
  notFound: 'NotFound',
  conflict: 'Conflict',
  tooLarge: 'PayloadTooLarge',
  unsupportedMediaType: 'UnsupportedMediaType',
  rateLimited: 'TooManyRequests',
  internal: 'InternalError',
  invalidUserNameOrPassword: 'InvalidUserNameOrPassword',
  lockedOut: 'LockedOut',
  invalidRefreshToken: 'InvalidRefreshToken',
  invalidResetCode: 'InvalidResetCode',
  currentPasswordWrong: 'CurrentPasswordWrong',
  duplicate: 'Duplicate',
  unavailable: 'ServiceUnavailable',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Status each application error code answers with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  Validation: 400,
  InvalidJson: 400,
  NotLoggedIn: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  TooManyRequests: 429,
  InternalError: 500,
  InvalidUserNameOrPassword: 400,
  LockedOut: 400,
  InvalidRefreshToken: 401,
  InvalidResetCode: 400,
  CurrentPasswordWrong: 400,
  Duplicate: 409,
  ServiceUnavailable: 503,
};
