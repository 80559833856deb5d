import { endpoints, type PublishStatus } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workshopsKeys } from './workshops-keys.ts';

export function setPublishStatus(body: PublishStatus): Promise<void> {
  return api(endpoints.setWorkspacePublishStatus, { params: { id: body.id }, body });
}

export function useSetPublishStatus() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: setPublishStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workshopsKeys.all }),
  });
}
