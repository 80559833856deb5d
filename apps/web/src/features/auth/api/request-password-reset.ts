import { messageResponseSchema } from '@ateliermarkt/contract';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export type PasswordResetRequestInput = { emailAddress: string; tenantId: string | null };

/** Asks for a reset link; the server answers one message whether or not the address exists. */
export function requestPasswordReset({ emailAddress, tenantId }: PasswordResetRequestInput): Promise<string> {
  return apiClient
    .request('account/reset-password-request', {
      method: 'POST',
      body: { emailAddress },
      tenantId,
      auth: false,
      schema: messageResponseSchema,
    })
    .then((r) => r.message);
}

export function useRequestPasswordReset() {
  return useSingleFlightMutation({ mutationFn: requestPasswordReset });
}
