import { endpoints } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

export function getDashboard() {
  return api(endpoints.getDashboard, {});
}

/** GET dashboard; fetched again whenever the home is opened (a reservation may have changed meanwhile). */
export function useDashboard() {
  return useQuery({ queryKey: dashboardKeys.all, queryFn: getDashboard, staleTime: 0, refetchOnMount: 'always' });
}
