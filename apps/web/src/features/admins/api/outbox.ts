import { endpoints, type OutboxResponse } from '@ateliermarkt/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeysFactory } from '../../../lib/query-keys.ts';

/** The mails the server gave up on, and sending one again. */
export const outboxKeys = queryKeysFactory<'outbox', { status: 'failed' }>('outbox');

export function getFailedMails(): Promise<OutboxResponse> {
  return api(endpoints.listOutbox, { query: { status: 'failed' } });
}

/** `poll`: the banner and the 'Te doen' card look again every minute, so a mail outage shows without a reload. */
export function useFailedMails(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: outboxKeys.list({ status: 'failed' }),
    queryFn: getFailedMails,
    refetchInterval: options.poll ? 60_000 : false,
  });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(endpoints.resendOutboxMail, { params: { id } }),
    // The mail stays on the list until delivered: look again once the runner has had a moment to try.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: outboxKeys.all });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: outboxKeys.all }), 3_000);
    },
  });
}
