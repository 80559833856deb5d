import type { ChangePasswordRequest } from '@ateliermarkt/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export function changePassword(body: ChangePasswordRequest): Promise<void> {
  return apiClient.request('identity/my-profile/change-password', { method: 'POST', body });
}

export function useChangePassword() {
  return useSingleFlightMutation({ mutationFn: changePassword });
}
