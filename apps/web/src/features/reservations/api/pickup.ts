import { endpoints, type PickupView } from '@ateliermarkt/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { reservationsKeys } from './reservations-keys.ts';

/** The reservation behind a pick-up slip's QR code (scan to hand over). */
export function usePickup(token: string) {
  return useQuery({
    queryKey: reservationsKeys.pickup(token),
    queryFn: () => api(endpoints.getPickup, { params: { token } }),
  });
}

/** Hands it over; the answer (who and when) replaces the screen's data, and every reservation query reloads. */
export function useHandOverPickup(token: string) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => api(endpoints.handOverPickup, { params: { token } }),
    onSuccess: (view: PickupView) => queryClient.setQueryData(reservationsKeys.pickup(token), view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsKeys.all }),
  });
}
