import { endpoints, type Settings } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customCategoriesKeys, mainCategoriesKeys, settingsKeys } from './products-keys.ts';

const HOUR = 60 * 60_000;

// The delivery methods are lib/delivery-methods.ts: the reservations use them too.

export function useMainCategories() {
  return useQuery({
    queryKey: mainCategoriesKeys.list(),
    queryFn: () => api(endpoints.listMainCategories),
    staleTime: HOUR,
  });
}

export function useCustomCategories() {
  return useQuery({
    queryKey: customCategoriesKeys.list(),
    queryFn: () => api(endpoints.listCustomCategories),
  });
}

/** The server's tax and fee percentages and limits: the wizard computes with these. */
export function useSettings() {
  return useQuery({
    queryKey: settingsKeys.all,
    queryFn: (): Promise<Settings> => api(endpoints.getSettings),
    staleTime: HOUR,
  });
}
