import { endpoints, type PayoutPreview, payoutFileName } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../../lib/api-client.ts';
import { queryKeysFactory } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** The super admin's payouts of a month (issue 17.3): the preview and the SEPA bank file. */
export const payoutsKeys = queryKeysFactory<'payouts', { month: string }>('payouts');

export function getPayouts(month: string): Promise<PayoutPreview> {
  return api(endpoints.getPayouts, { query: { month } });
}

export function usePayouts(month: string) {
  return useQuery({ queryKey: payoutsKeys.list({ month }), queryFn: () => getPayouts(month) });
}

export function useDownloadPayoutFile() {
  return useSingleFlightMutation({
    mutationFn: (month: string) =>
      apiClient.downloadFile(endpoints.downloadPayoutFile, { query: { month } }, payoutFileName(month)),
  });
}
