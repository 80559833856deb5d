import type { AvailableWorkshop } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { loadFirstScreenSchemas } from '../../../lib/load-first-screen-schemas.ts';
import { availableWorkshopsKeys } from './auth-keys.ts';

export function getAvailableWorkshops(): Promise<AvailableWorkshop[]> {
  return api(async () => (await loadFirstScreenSchemas()).listAvailableWorkshops);
}

export const availableWorkshopsQueryOptions = () =>
  queryOptions({ queryKey: availableWorkshopsKeys.list(), queryFn: getAvailableWorkshops, staleTime: 60_000 });

/** The workshops of the log-in picker. */
export function useAvailableWorkshops() {
  return useQuery(availableWorkshopsQueryOptions());
}
