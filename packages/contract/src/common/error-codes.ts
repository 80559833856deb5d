/**
 * The application error codes of the envelope and the status each answers with. Apart from the
 * envelope's zod schema (errors.schema.ts), so the log-in screen can map codes without loading zod.
 */
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
  /** A change of what moves money or identity without the current password or second factor. */
  reconfirmRequired: 'ReconfirmRequired',
  duplicate: 'Duplicate',
  unavailable: 'ServiceUnavailable',
  /** The shop ordered from a workshop on holiday: the message is the workshop's own. */
  onHoliday: 'WorkshopOnHoliday',
  /** The same Idempotency-Key with another body (the IETF httpapi draft's 422). */
  idempotencyKeyReused: 'IdempotencyKeyReused',
  /** The first request with this Idempotency-Key is still being handled (409). */
  idempotencyKeyInProgress: 'IdempotencyKeyInProgress',
  /** An order or approval the stock of a product cannot meet. */
  outOfStock: 'OutOfStock',
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
  ReconfirmRequired: 400,
  Duplicate: 409,
  ServiceUnavailable: 503,
  WorkshopOnHoliday: 409,
  IdempotencyKeyReused: 422,
  IdempotencyKeyInProgress: 409,
  OutOfStock: 409,
};
