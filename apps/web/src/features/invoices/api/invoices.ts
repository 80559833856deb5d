import { endpoints, type InvoiceList, type InvoiceSummary, invoicesZipName } from '@ateliermarkt/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiClient } from '../../../lib/api-client.ts';
import { queryKeysFactory } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import type { InvoiceFormat } from '../components/invoice-formats.ts';

/** The platform's fee invoices: a month's list, issuing a month, a document per format. */
export const invoicesKeys = queryKeysFactory<'invoices', { month: string }>('invoices');

export function useInvoices(month: string) {
  return useQuery({
    queryKey: invoicesKeys.list({ month }),
    queryFn: (): Promise<InvoiceList> => api(endpoints.getInvoices, { query: { month } }),
    placeholderData: keepPreviousData,
  });
}

/** Issues what a month that is over still lacks (safe to repeat); the list is read again afterwards. */
export function useIssueInvoices() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (month: string) => api(endpoints.issueInvoices, { query: { month } }),
    onSettled: () => client.invalidateQueries({ queryKey: invoicesKeys.all }),
  });
}

export type InvoiceDownload = { invoice: InvoiceSummary; format: InvoiceFormat };

export function useDownloadInvoice() {
  return useSingleFlightMutation({
    mutationFn: ({ invoice, format }: InvoiceDownload) =>
      apiClient.downloadFile(
        endpoints.downloadInvoice,
        { query: { id: invoice.id, format: format.format } },
        format.fileName(invoice.number),
      ),
  });
}

/**
 * The files of a whole month, each a button beside the month: the bookkeeper's zip of every invoice and credit note
 * (PDF and UBL of each).
 */
export type MonthFile = { label: string; download: (month: string) => Promise<void> };

export const MONTH_FILES: readonly MonthFile[] = [
  {
    label: 'Zip voor de boekhouder',
    download: (month) =>
      apiClient.downloadFile(endpoints.downloadInvoicesZip, { query: { month } }, invoicesZipName(month)),
  },
];

export function useDownloadMonthFile() {
  return useSingleFlightMutation({
    mutationFn: ({ file, month }: { file: MonthFile; month: string }) => file.download(month),
  });
}
