import type { AvailableTenant } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { loadFirstScreenSchemas } from '../../../lib/load-first-screen-schemas.ts';
import { availableTenantsKeys } from './auth-keys.ts';

export function getAvailableTenants(): Promise<AvailableTenant[]> {
  return api(async () => (await loadFirstScreenSchemas()).listAvailableWorkspaces);
}

export const availableTenantsQueryOptions = () =>
  queryOptions({ queryKey: availableTenantsKeys.list(), queryFn: getAvailableTenants, staleTime: 60_000 });

/** The workshops of the log-in picker. */
export function useAvailableTenants() {
  return useQuery(availableTenantsQueryOptions());
}
