import { endpoints } from '@ateliermarkt/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** 'Mijn sessies'. */
export const MY_SESSIONS_KEY = ['users', 'my-sessions'] as const;

export const mySessionsQueryOptions = () =>
  queryOptions({ queryKey: MY_SESSIONS_KEY, queryFn: () => api(endpoints.listMySessions) });

export const useMySessions = () => useQuery(mySessionsQueryOptions());

export function useEndMySession() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: string) => api(endpoints.endMySession, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_SESSIONS_KEY }),
  });
}

export const endAllMySessions = () => api(endpoints.endAllMySessions);
