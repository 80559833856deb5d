import { endpoints, type Profile, type UpdateProfile } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { CURRENT_USER_KEY } from '../../../lib/current-user.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export function updateMyProfile(body: UpdateProfile): Promise<Profile> {
  return api(endpoints.updateMyProfile, { body });
}

export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateMyProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(CURRENT_USER_KEY, profile);
    },
  });
}
