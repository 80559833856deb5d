import { ERROR_CODES, MESSAGES } from '@ateliermarkt/contract';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client.ts';

/** The log-in failure text under 'Oeps! Het volgende ging mis:'. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.loginFailedRetry;
  const reason = error.description ?? error.code;
  if (reason === ERROR_CODES.invalidUserNameOrPassword) return MESSAGES.loginInvalid;
  if (reason === ERROR_CODES.lockedOut) return MESSAGES.loginLockedOut;
  if (error.status === NETWORK_ERROR_STATUS || error.status >= 500 || !error.message) return MESSAGES.loginFailedRetry;
  return error.message;
}

/** The reset-request failure text: the fixed prefix and the reason, or 'Onbekende fout'. */
export function resetRequestErrorMessage(error: unknown): string {
  const reason = error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS ? error.message : '';
  return MESSAGES.resetRequestFailed + (reason || MESSAGES.unknownError);
}
