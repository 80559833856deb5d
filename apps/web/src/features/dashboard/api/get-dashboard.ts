import { dashboardSchema } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

export function getDashboard() {
  return apiClient.request('dashboard', { schema: dashboardSchema });
}

/** GET dashboard; fetched again whenever the home is opened (a reservation may have changed meanwhile). */
export function useDashboard() {
  return useQuery({ queryKey: dashboardKeys.all, queryFn: getDashboard, staleTime: 0, refetchOnMount: 'always' });
}
