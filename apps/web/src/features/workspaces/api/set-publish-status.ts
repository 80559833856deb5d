import type { PublishStatus } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function setPublishStatus(body: PublishStatus): Promise<void> {
  return apiClient.request(`workspaces/${encodeURIComponent(body.id)}/publish-status`, { method: 'POST', body });
}

export function useSetPublishStatus() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: setPublishStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesKeys.all }),
  });
}
