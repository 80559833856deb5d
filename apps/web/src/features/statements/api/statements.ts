import { endpoints, type MonthStatements, statementsWorkbookName } from '@ateliermarkt/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../../lib/api-client.ts';
import { queryKeysFactory } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** Monthly statements: the month's statements, the PDF per workshop, the workbook of all. */
export const statementsKeys = queryKeysFactory<'statements', { month: string; lines: 'all' | 'none' }>('statements');

export function getStatements(month: string, lines: 'all' | 'none'): Promise<MonthStatements> {
  return api(endpoints.getStatements, { query: { month, lines } });
}

/** `lines: 'none'`: the workshops' totals without their lines (the super admin's overview shows only totals). */
export function useStatements(month: string, lines: 'all' | 'none' = 'all') {
  return useQuery({
    queryKey: statementsKeys.list({ month, lines }),
    queryFn: () => getStatements(month, lines),
    placeholderData: keepPreviousData,
  });
}

export type StatementFile = { tenantId: string; month: string; fileName: string };

export function useDownloadStatement() {
  return useSingleFlightMutation({
    mutationFn: ({ tenantId: workshopId, month, fileName }: StatementFile) =>
      apiClient.downloadFile(endpoints.downloadStatement, { query: { tenantId: workshopId, month } }, fileName),
  });
}

export function useDownloadStatementsWorkbook() {
  return useSingleFlightMutation({
    mutationFn: (month: string) =>
      apiClient.downloadFile(endpoints.downloadStatementsWorkbook, { query: { month } }, statementsWorkbookName(month)),
  });
}
