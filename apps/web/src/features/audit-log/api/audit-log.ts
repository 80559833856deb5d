import {
  AUDIT_MESSAGES,
  type AuditFilters,
  type AuditPage,
  type AvailableWorkshop,
  endpoints,
} from '@ateliermarkt/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../../lib/api-client.ts';
import { queryKeysFactory } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** The Logboek: one page of entries, the workshops to filter by, and the `.xlsx` export. */
type AuditPageQuery = AuditFilters & { skipCount: number; maxResultCount: number };
export const auditLogKeys = queryKeysFactory<'audit-log', AuditPageQuery>('audit-log');

export function getAuditPage(query: AuditPageQuery): Promise<AuditPage> {
  return api(endpoints.listAuditLog, { query });
}

export function useAuditPage(query: AuditPageQuery) {
  return useQuery({
    queryKey: auditLogKeys.list(query),
    queryFn: () => getAuditPage(query),
    placeholderData: keepPreviousData,
  });
}

/** The workshops for the super admin's filter (the same list as the log-in screen's). */
export function useAuditWorkshops(enabled: boolean) {
  return useQuery({
    queryKey: [...auditLogKeys.all, 'workshops'],
    queryFn: (): Promise<AvailableWorkshop[]> => api(endpoints.listAvailableWorkspaces),
    enabled,
    staleTime: 60_000,
  });
}

export function useExportAuditLog() {
  return useSingleFlightMutation({
    mutationFn: (filters: AuditFilters) =>
      apiClient.downloadFile(endpoints.exportAuditLog, { query: filters }, AUDIT_MESSAGES.fileName),
  });
}
