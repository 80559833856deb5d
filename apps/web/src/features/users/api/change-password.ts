import type { ChangePasswordRequest } from '@ateliermarkt/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function changePassword(body: ChangePasswordRequest): Promise<void> {
  return apiClient.request('identity/my-profile/change-password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
