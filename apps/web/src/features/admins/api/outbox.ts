import { type OutboxResponse, outboxResponseSchema } from '@ateliermarkt/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';

/** The mails the server gave up on (issue 13.8), and sending one again. */
export const outboxKeys = {
  all: ['outbox'] as const,
  failed: () => [...outboxKeys.all, 'failed'] as const,
};

export function getFailedMails(): Promise<OutboxResponse> {
  return apiClient.request('system/outbox?status=failed', { schema: outboxResponseSchema });
}

export function useFailedMails() {
  return useQuery({ queryKey: outboxKeys.failed(), queryFn: getFailedMails });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.request(`system/outbox/${id}/resend`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
