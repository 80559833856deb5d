import { type AdminEntry, adminsResponseSchema, EXPORT_FILES } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export const adminsKeys = {
  all: ['admins'] as const,
  list: () => [...adminsKeys.all, 'list'] as const,
};

export function getAdmins(): Promise<AdminEntry[]> {
  return apiClient.request('identity/admins/all', { schema: adminsResponseSchema });
}

export function useAdmins() {
  return useQuery({ queryKey: adminsKeys.list(), queryFn: getAdmins });
}

export type ExportKind = keyof typeof EXPORT_FILES;
const EXPORT_PATHS: Record<ExportKind, string> = {
  admins: 'export/admins',
  newsletterSubscriptions: 'export/newsletter-subscriptions',
};

/** Spec 7.2: the spreadsheet downloads 'beheerders.xls' and 'nieuwsbrief-aanmeldingen.xls'. */
export function useDownloadExport() {
  return useSingleFlightMutation({
    mutationFn: (kind: ExportKind) => apiClient.download(EXPORT_PATHS[kind], EXPORT_FILES[kind]),
  });
}
