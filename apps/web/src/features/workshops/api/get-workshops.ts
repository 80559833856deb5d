import { endpoints, type Workshop } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workshopsKeys } from './workshops-keys.ts';

export function getWorkshops(): Promise<Workshop[]> {
  return api(endpoints.listWorkspaces);
}

export const workshopsQueryOptions = () => queryOptions({ queryKey: workshopsKeys.list(), queryFn: getWorkshops });

export function useWorkshops() {
  return useQuery(workshopsQueryOptions());
}
