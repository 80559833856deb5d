import { endpoints } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reservationsKeys } from './reservations-keys.ts';

/** The number of open reservations for the navigation badge (workshop admin); refreshed after every action. */
export function useOpenReservationsCount(enabled: boolean): number | undefined {
  const query = useQuery({
    queryKey: reservationsKeys.openCount(),
    queryFn: () => api(endpoints.countOpenReservations),
    enabled,
    refetchInterval: 60_000,
  });
  return enabled ? query.data?.count : undefined;
}
