import { type Resource, resourcesResponseSchema } from '@ateliermarkt/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { contentKeys } from './content-keys.ts';

export function getResources(): Promise<Resource[]> {
  return apiClient.request('resources', { schema: resourcesResponseSchema });
}

export const resourcesQueryOptions = () => queryOptions({ queryKey: contentKeys.resources(), queryFn: getResources });

export function useResources() {
  return useQuery(resourcesQueryOptions());
}

export function setResourceValue({ id, value }: { id: string; value: string }): Promise<void> {
  return apiClient.request(`resources/${id}/set-value`, { method: 'PUT', body: { value } });
}

export function useSetResourceValue() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: setResourceValue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.resources() }),
  });
}
