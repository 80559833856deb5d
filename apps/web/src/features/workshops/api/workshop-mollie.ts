import { endpoints } from '@ateliermarkt/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workshopsKeys } from './workshops-keys.ts';

const key = (id: string) => [...workshopsKeys.all, 'mollie', id] as const;

/** The workshop's connection with Mollie. */
export function useWorkshopMollie(id: string) {
  return useQuery({ queryKey: key(id), queryFn: () => api(endpoints.getWorkshopMollie, { params: { id } }) });
}

/** The super admin sets or clears the workshop's Mollie organisation. */
export function useSetWorkshopMollie(id: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (organizationId: string | null) =>
      api(endpoints.setWorkshopMollie, { params: { id }, body: { organizationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(id) }),
  });
}

export function createOnboardingLink(id: string) {
  return api(endpoints.createMollieOnboardingLink, { params: { id } });
}
