import { endpoints, type Role } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeysFactory } from '../../../lib/query-keys.ts';

export const rolesKeys = queryKeysFactory('roles');

export function getRoles(): Promise<Role[]> {
  return api(endpoints.listRoles).then((r) => r.items);
}

/** The roles of the user form (fetched for the form). */
export function useRoles() {
  return useQuery({ queryKey: rolesKeys.list(), queryFn: getRoles, staleTime: Number.POSITIVE_INFINITY });
}
