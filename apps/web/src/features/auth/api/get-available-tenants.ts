import type { AvailableTenant } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { loadFirstScreenSchemas } from '../../../lib/load-first-screen-schemas.ts';
import { authKeys } from './auth-keys.ts';

export function getAvailableTenants(): Promise<AvailableTenant[]> {
  return apiClient.request('workspaces/available', {
    schema: async () => (await loadFirstScreenSchemas()).availableTenantsResponseSchema,
    auth: false,
  });
}

export const availableTenantsQueryOptions = () =>
  queryOptions({ queryKey: authKeys.availableTenants(), queryFn: getAvailableTenants, staleTime: 60_000 });

/** The workshops of the log-in picker. */
export function useAvailableTenants() {
  return useQuery(availableTenantsQueryOptions());
}
