import { type ChangePasswordRequest, endpoints } from '@ateliermarkt/contract';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export function changePassword(body: ChangePasswordRequest): Promise<void> {
  return api(endpoints.changeMyPassword, { body });
}

export function useChangePassword() {
  return useSingleFlightMutation({ mutationFn: changePassword });
}
