import { endpoints } from '@ateliermarkt/contract';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export type PasswordResetRequestInput = { emailAddress: string; tenantId: string | null };

/** Asks for a reset link; the server answers one message whether or not the address exists. */
export function requestPasswordReset({
  emailAddress,
  tenantId: workshopId,
}: PasswordResetRequestInput): Promise<string> {
  return api(endpoints.requestPasswordReset, { body: { emailAddress }, tenantId: workshopId }).then((r) => r.message);
}

export function useRequestPasswordReset() {
  return useSingleFlightMutation({ mutationFn: requestPasswordReset });
}
