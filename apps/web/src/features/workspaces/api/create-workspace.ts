import { type CreateWorkspace, endpoints, type Workspace } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function createWorkspace(body: CreateWorkspace): Promise<Workspace> {
  return api(endpoints.createWorkspace, { body });
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: createWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesKeys.all }),
  });
}
