import { type CreateWorkshop, endpoints, type Workshop } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workshopsKeys } from './workshops-keys.ts';

export function createWorkshop(body: CreateWorkshop): Promise<Workshop> {
  return api(endpoints.createWorkspace, { body });
}

export function useCreateWorkshop() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: createWorkshop,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopsKeys.all }),
  });
}
