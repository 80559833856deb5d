import { type Profile, profileSchema, type UpdateProfile } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { usersKeys } from './users-keys.ts';

export function updateMyProfile(body: UpdateProfile): Promise<Profile> {
  return apiClient.request('identity/my-profile', { method: 'PUT', body, schema: profileSchema });
}

export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateMyProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(usersKeys.myProfile(), profile);
    },
  });
}
