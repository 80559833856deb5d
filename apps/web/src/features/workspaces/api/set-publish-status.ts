import type { PublishStatus } from '@ateliermarkt/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function setPublishStatus(body: PublishStatus): Promise<void> {
  return apiClient.request(`workspaces/${encodeURIComponent(body.id)}/publish-status`, { method: 'POST', body });
}

export function useSetPublishStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPublishStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesKeys.all }),
  });
}
