import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function deleteWorkspace(id: string): Promise<void> {
  return apiClient.request(`workspaces/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesKeys.all }),
  });
}
