import { type Role, rolesResponseSchema } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { tenantUsersKeys } from './tenant-users-keys.ts';

export function getRoles(): Promise<Role[]> {
  return apiClient.request('identity/roles/all', { schema: rolesResponseSchema }).then((r) => r.items);
}

/** The roles of the user form (spec 6: fetched for the form). */
export function useRoles() {
  return useQuery({
    queryKey: [...tenantUsersKeys.all, 'roles'],
    queryFn: getRoles,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
