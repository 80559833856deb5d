import { type UpdateWorkspace, type Workspace, workspaceSchema } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function updateWorkspace({ id, body }: { id: string; body: UpdateWorkspace }): Promise<Workspace> {
  return apiClient.request(`workspaces/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: workspaceSchema });
}

export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateWorkspace,
    onSuccess: (saved) => {
      queryClient.setQueryData(workspacesKeys.detail(saved.id), saved);
      queryClient.setQueryData(workspacesKeys.byTenant(saved.tenantId), saved);
      return queryClient.invalidateQueries({ queryKey: workspacesKeys.list() });
    },
  });
}
