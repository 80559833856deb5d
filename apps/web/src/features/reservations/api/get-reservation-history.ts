import { endpoints } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reservationsKeys } from './reservations-keys.ts';

/** The reservation's timeline; under `reservationsKeys.all`, so every change refreshes it. */
export function useReservationHistory(id: string) {
  return useQuery({
    queryKey: reservationsKeys.history(id),
    queryFn: () => api(endpoints.getReservationHistory, { params: { id } }),
  });
}
