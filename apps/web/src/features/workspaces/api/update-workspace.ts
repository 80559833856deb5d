import { endpoints, type UpdateWorkspace, type Workspace } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function updateWorkspace({ id, body }: { id: string; body: UpdateWorkspace }): Promise<Workspace> {
  return api(endpoints.updateWorkspace, { params: { id }, body });
}

export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateWorkspace,
    onSuccess: (saved) => {
      queryClient.setQueryData(workspacesKeys.detail(saved.id), saved);
      queryClient.setQueryData(workspacesKeys.detail({ tenantId: saved.tenantId }), saved);
      return queryClient.invalidateQueries({ queryKey: workspacesKeys.lists() });
    },
  });
}
