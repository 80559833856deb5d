import { type AvailableTenant, availableTenantsResponseSchema } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { authKeys } from './auth-keys.ts';

export function getAvailableTenants(): Promise<AvailableTenant[]> {
  return apiClient.request('workspaces/available', { schema: availableTenantsResponseSchema, auth: false });
}

export const availableTenantsQueryOptions = () =>
  queryOptions({ queryKey: authKeys.availableTenants(), queryFn: getAvailableTenants, staleTime: 60_000 });

/** The workshops of the log-in picker. */
export function useAvailableTenants() {
  return useQuery(availableTenantsQueryOptions());
}
