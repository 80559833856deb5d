import { endpoints } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function deleteWorkspace(id: string): Promise<void> {
  return api(endpoints.deleteWorkspace, { params: { id } });
}

export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: deleteWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesKeys.all }),
  });
}
