import { endpoints, type OutboxResponse } from '@ateliermarkt/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeysFactory } from '../../../lib/query-keys.ts';

/** The mails the server gave up on (issue 13.8), and sending one again. */
export const outboxKeys = queryKeysFactory<'outbox', { status: 'failed' }>('outbox');

export function getFailedMails(): Promise<OutboxResponse> {
  return api(endpoints.listOutbox, { query: { status: 'failed' } });
}

export function useFailedMails() {
  return useQuery({ queryKey: outboxKeys.list({ status: 'failed' }), queryFn: getFailedMails });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(endpoints.resendOutboxMail, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
