import {
  categoriesResponseSchema,
  deliveryMethodsResponseSchema,
  type Settings,
  settingsSchema,
} from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { productsKeys } from './products-keys.ts';

const HOUR = 60 * 60_000;

export function useDeliveryMethods() {
  return useQuery({
    queryKey: productsKeys.deliveryMethods(),
    queryFn: async () =>
      (await apiClient.request('products/delivery-methods', { schema: deliveryMethodsResponseSchema })).items,
    staleTime: HOUR,
  });
}

export function useMainCategories() {
  return useQuery({
    queryKey: productsKeys.mainCategories(),
    queryFn: () => apiClient.request('categories/all', { schema: categoriesResponseSchema }),
    staleTime: HOUR,
  });
}

export function useCustomCategories() {
  return useQuery({
    queryKey: productsKeys.customCategories(),
    queryFn: () => apiClient.request('subcategories/all', { schema: categoriesResponseSchema }),
  });
}

/** The server's tax and fee percentages and limits (DECISIONS.md): the wizard computes with these. */
export function useSettings() {
  return useQuery({
    queryKey: productsKeys.settings(),
    queryFn: (): Promise<Settings> => apiClient.request('settings', { schema: settingsSchema, auth: false }),
    staleTime: HOUR,
  });
}
