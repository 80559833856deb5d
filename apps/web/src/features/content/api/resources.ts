import { endpoints, type Resource } from '@ateliermarkt/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { resourcesKeys } from './content-keys.ts';

export function getResources(): Promise<Resource[]> {
  return api(endpoints.listResources);
}

export const resourcesQueryOptions = () => queryOptions({ queryKey: resourcesKeys.list(), queryFn: getResources });

export function useResources() {
  return useQuery(resourcesQueryOptions());
}

export function setResourceValue({ id, value }: { id: string; value: string }): Promise<void> {
  return api(endpoints.setResourceValue, { params: { id }, body: { value } });
}

export function useSetResourceValue() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: setResourceValue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourcesKeys.list() }),
  });
}
