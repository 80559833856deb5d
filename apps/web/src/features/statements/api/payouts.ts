import { endpoints, type PayoutPreview, payoutFileName } from '@ateliermarkt/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiClient } from '../../../lib/api-client.ts';
import { queryKeysFactory } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** The super admin's payouts of a month: the preview and the SEPA bank file. */
export const payoutsKeys = queryKeysFactory<'payouts', { month: string }>('payouts');

export function getPayouts(month: string): Promise<PayoutPreview> {
  return api(endpoints.getPayouts, { query: { month } });
}

export function usePayouts(month: string) {
  return useQuery({ queryKey: payoutsKeys.list({ month }), queryFn: () => getPayouts(month) });
}

/**
 * The month's bank file; `again` says a second file of a month downloaded before is meant (the server refuses it
 * otherwise). Afterwards, or when refused, the preview is read again: it lists the downloads.
 */
export function useDownloadPayoutFile() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ month, again }: { month: string; again: boolean }) =>
      apiClient.downloadFile(
        endpoints.downloadPayoutFile,
        { query: again ? { month, again: 'true' } : { month } },
        payoutFileName(month),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutsKeys.all }),
  });
}

/** 'Uitbetalen' with Mollie Connect: per workshop, what was routed and what waits. */
export function usePayoutRouting(month: string) {
  return useQuery({
    queryKey: [...payoutsKeys.all, 'routing', month] as const,
    queryFn: () => api(endpoints.getPayoutRouting, { query: { month } }),
  });
}
