import { type Profile, profileSchema } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './users-keys.ts';

export function getMyProfile(): Promise<Profile> {
  return apiClient.request('identity/my-profile', { schema: profileSchema });
}

export const myProfileQueryOptions = () =>
  queryOptions({ queryKey: usersKeys.myProfile(), queryFn: getMyProfile, staleTime: 5 * 60_000 });

export function useMyProfile() {
  return useQuery(myProfileQueryOptions());
}
