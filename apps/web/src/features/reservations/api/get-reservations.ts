import { type Reservation, reservationListSchema, reservationSchema } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type ReservationListFilter, reservationsKeys } from './reservations-keys.ts';

export function getReservations(filter: ReservationListFilter): Promise<Reservation[]> {
  return apiClient.request(`reservations/all?status=${filter}`, { schema: reservationListSchema });
}

export function useReservations(filter: ReservationListFilter) {
  return useQuery(queryOptions({ queryKey: reservationsKeys.list(filter), queryFn: () => getReservations(filter) }));
}

export function useReservation(id: string | undefined) {
  return useQuery({
    queryKey: reservationsKeys.detail(id ?? ''),
    queryFn: () => apiClient.request(`reservations/${id}`, { schema: reservationSchema }),
    enabled: Boolean(id),
  });
}
