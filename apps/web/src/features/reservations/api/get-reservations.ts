import {
  type ReservationPage,
  type ReservationSorting,
  reservationPageSchema,
  reservationSchema,
  type TodoKind,
} from '@ateliermarkt/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { type ReservationListFilter, reservationsKeys } from './reservations-keys.ts';

export type ReservationPageRequest = {
  filter: ReservationListFilter;
  skipCount: number;
  maxResultCount: number;
  sorting: ReservationSorting;
  /** Only what a dashboard card counts. */
  todo?: TodoKind | undefined;
};

/** One page of the overview, sorted and filtered by the server (issue 8: 50,000 reservations). */
export function getReservationPage(request: ReservationPageRequest): Promise<ReservationPage> {
  const query = new URLSearchParams({
    status: request.filter,
    skipCount: String(request.skipCount),
    maxResultCount: String(request.maxResultCount),
    sorting: `${request.sorting.field} ${request.sorting.direction}`,
  });
  if (request.todo) query.set('todo', request.todo);
  return apiClient.request(`reservations/all?${query}`, { schema: reservationPageSchema });
}

export function useReservationPage(request: ReservationPageRequest) {
  return useQuery({
    queryKey: reservationsKeys.page(request),
    queryFn: () => getReservationPage(request),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useReservation(id: string | undefined) {
  return useQuery({
    queryKey: reservationsKeys.detail(id ?? ''),
    queryFn: () => apiClient.request(`reservations/${id}`, { schema: reservationSchema }),
    enabled: Boolean(id),
  });
}
