import { endpoints, type UpdateWorkshop, type Workshop } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workshopsKeys } from './workshops-keys.ts';

export function updateWorkshop({ id, body }: { id: string; body: UpdateWorkshop }): Promise<Workshop> {
  return api(endpoints.updateWorkspace, { params: { id }, body });
}

export function useUpdateWorkshop() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateWorkshop,
    onSuccess: (saved) => {
      queryClient.setQueryData(workshopsKeys.detail(saved.id), saved);
      queryClient.setQueryData(workshopsKeys.detail({ tenantId: saved.tenantId }), saved);
      return queryClient.invalidateQueries({ queryKey: workshopsKeys.lists() });
    },
  });
}
