import { endpoints } from '@ateliermarkt/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeysFactory } from './query-keys.ts';

/**
 * The delivery methods with their prices: reference data that the product wizard and the reservation dialog both
 * show, fetched once and kept for an hour.
 */
export const deliveryMethodsKeys = queryKeysFactory('delivery-methods');

export function useDeliveryMethods({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: deliveryMethodsKeys.list(),
    queryFn: async () => (await api(endpoints.listDeliveryMethods)).items,
    enabled,
    staleTime: 60 * 60_000,
  });
}
