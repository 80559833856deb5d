import { endpoints } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workshopsKeys } from './workshops-keys.ts';

export function deleteWorkshop(id: string): Promise<void> {
  return api(endpoints.deleteWorkspace, { params: { id } });
}

export function useDeleteWorkshop() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: deleteWorkshop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopsKeys.all }),
  });
}
