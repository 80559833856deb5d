import { ERROR_CODES, type ErrorCode, MESSAGES, type ValidationError } from '@ateliermarkt/contract';

/** The one error type services throw; the error handler turns it into the envelope and status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly validationErrors: ValidationError[] | null = null,
    readonly description?: string,
    /** The envelope's `details`: more about the error, for a client to show beside the message. */
    readonly details?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(ERROR_CODES.notFound, MESSAGES.notFound);
export const forbidden = () => new AppError(ERROR_CODES.forbidden, MESSAGES.forbidden);
export const notLoggedIn = () => new AppError(ERROR_CODES.notLoggedIn, MESSAGES.notLoggedIn);
export const fieldError = (member: string, message: string) =>
  new AppError(ERROR_CODES.validation, message, [{ message, members: [member] }]);
