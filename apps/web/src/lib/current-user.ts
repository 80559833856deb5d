import { type Profile, type RoleKind, roleKindOf } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { loadFirstScreenSchemas } from './load-first-screen-schemas.ts';

/**
 * The logged-in user's profile: cross-cutting (the shell, the guards and every feature that shows or hides by role
 * read it), so it lives here and not in a feature. The users feature edits it under the same key.
 */
export const CURRENT_USER_KEY = ['users', 'my-profile'] as const;

export function getMyProfile(): Promise<Profile> {
  return api(async () => (await loadFirstScreenSchemas()).getMyProfile);
}

export const myProfileQueryOptions = () =>
  queryOptions({ queryKey: CURRENT_USER_KEY, queryFn: getMyProfile, staleTime: 5 * 60_000 });

export function useMyProfile() {
  return useQuery(myProfileQueryOptions());
}

/** The role kind of the logged-in user, or null while the profile loads. */
export function useRoleKind(): RoleKind | null {
  const profile = useMyProfile();
  return profile.data ? roleKindOf(profile.data) : null;
}
