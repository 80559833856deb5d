import type { ResetPasswordRequest } from '@ateliermarkt/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export function resetPassword(body: ResetPasswordRequest): Promise<void> {
  return apiClient.request('account/reset-password', { method: 'POST', body, auth: false });
}

export function useResetPassword() {
  return useSingleFlightMutation({ mutationFn: resetPassword });
}
