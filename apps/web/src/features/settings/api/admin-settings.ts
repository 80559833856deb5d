import { type AdminSettings, endpoints, type PlatformSettings } from '@ateliermarkt/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeysFactory } from '../../../lib/query-keys.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/** The super admin's platform settings: one record, read and saved whole. */
export const settingsKeys = queryKeysFactory<'platformSettings'>('platformSettings');

export function getAdminSettings(): Promise<AdminSettings> {
  return api(endpoints.getAdminSettings, {});
}

export function useAdminSettings() {
  return useQuery({ queryKey: settingsKeys.detail('platform'), queryFn: getAdminSettings });
}

export function updateAdminSettings(body: PlatformSettings): Promise<AdminSettings> {
  return api(endpoints.updateAdminSettings, { body });
}

export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: updateAdminSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.detail('platform'), saved);
    },
  });
}
