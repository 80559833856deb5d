import { endpoints, type ReservationCountsQuery, type ReservationPage } from '@ateliermarkt/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type ReservationNarrowing, type ReservationPageRequest, reservationsKeys } from './reservations-keys.ts';

export type { ReservationNarrowing, ReservationPageRequest };

/** The narrowing as query parameters: only the ones set. */
function narrowingQuery(n: ReservationNarrowing): ReservationCountsQuery {
  return {
    ...(n.search?.trim() ? { search: n.search.trim() } : {}),
    ...(n.from ? { from: n.from } : {}),
    ...(n.to ? { to: n.to } : {}),
    ...(n.todo ? { todo: n.todo } : {}),
  };
}

/** One page of the overview, sorted and filtered by the server (50,000 reservations). */
export async function getReservationPage(request: ReservationPageRequest): Promise<ReservationPage> {
  const answer = await api(endpoints.listReservations, {
    query: {
      status: request.filter,
      skipCount: request.skipCount,
      maxResultCount: request.maxResultCount,
      sorting: `${request.sorting.field} ${request.sorting.direction}`,
      ...narrowingQuery(request),
    },
  });
  // With skipCount the server answers a page; the plain list is the original call without it.
  return Array.isArray(answer) ? { items: answer, totalCount: answer.length } : answer;
}

export function useReservationPage(request: ReservationPageRequest) {
  return useQuery({
    queryKey: reservationsKeys.list(request),
    queryFn: () => getReservationPage(request),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** How many reservations each tab lists with the narrowing: one call for all tabs (GET reservations/counts). */
export function useReservationCounts(narrowing: ReservationNarrowing) {
  return useQuery({
    queryKey: reservationsKeys.counts(narrowing),
    queryFn: async () => (await api(endpoints.countReservationsPerTab, { query: narrowingQuery(narrowing) })).counts,
    placeholderData: keepPreviousData,
  });
}

export function useReservation(id: string | undefined) {
  return useQuery({
    queryKey: reservationsKeys.detail(id ?? ''),
    queryFn: () => api(endpoints.getReservation, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}
