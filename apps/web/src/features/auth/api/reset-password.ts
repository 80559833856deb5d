import type { ResetPasswordRequest } from '@ateliermarkt/contract';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

export function resetPassword(body: ResetPasswordRequest): Promise<void> {
  return apiClient.request('account/reset-password', { method: 'POST', body, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
