import { reservationHistorySchema } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { reservationsKeys } from './reservations-keys.ts';

/** The reservation's timeline (issue 14.5); under `reservationsKeys.all`, so every change refreshes it. */
export function useReservationHistory(id: string) {
  return useQuery({
    queryKey: reservationsKeys.history(id),
    queryFn: () => apiClient.request(`reservations/${id}/history`, { schema: reservationHistorySchema }),
  });
}
