import { endpoints, type ResetPasswordRequest } from '@ateliermarkt/contract';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export function resetPassword(body: ResetPasswordRequest): Promise<void> {
  return api(endpoints.resetPassword, { body });
}

export function useResetPassword() {
  return useSingleFlightMutation({ mutationFn: resetPassword });
}
