import { type AdminEntry, EXPORT_FILES, endpoints } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { api, apiClient } from '../../../lib/api-client.ts';
import { queryKeysFactory } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

export const adminsKeys = queryKeysFactory('admins');

export function getAdmins(): Promise<AdminEntry[]> {
  return api(endpoints.listAdmins);
}

export function useAdmins() {
  return useQuery({ queryKey: adminsKeys.list(), queryFn: getAdmins });
}

export type ExportKind = keyof typeof EXPORT_FILES;
const EXPORTS = {
  admins: endpoints.exportAdmins,
  newsletterSubscriptions: endpoints.exportNewsletterSubscriptions,
} satisfies Record<ExportKind, unknown>;

/** The spreadsheet downloads 'beheerders.xls' and 'nieuwsbrief-aanmeldingen.xls'. */
export function useDownloadExport() {
  return useSingleFlightMutation({
    mutationFn: (kind: ExportKind) => apiClient.downloadFile(EXPORTS[kind], {}, EXPORT_FILES[kind]),
  });
}
