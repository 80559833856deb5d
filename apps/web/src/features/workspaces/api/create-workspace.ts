import { type CreateWorkspace, type Workspace, workspaceSchema } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function createWorkspace(body: CreateWorkspace): Promise<Workspace> {
  return apiClient.request('workspaces', { method: 'POST', body, schema: workspaceSchema });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: createWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesKeys.all }),
  });
}
