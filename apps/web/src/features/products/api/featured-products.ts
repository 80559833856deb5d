import { endpoints, type FeaturedProduct, type ProductSearchResult } from '@ateliermarkt/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { productsKeys } from './products-keys.ts';

export function useFeaturedProducts() {
  return useQuery({
    queryKey: productsKeys.list({ featured: true }),
    queryFn: () => api(endpoints.listFeaturedProducts),
  });
}

export function saveFeaturedProducts(ids: string[]): Promise<FeaturedProduct[]> {
  return api(endpoints.saveFeaturedProducts, { body: { featuredProducts: ids } });
}

export function useSaveFeaturedProducts() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: saveFeaturedProducts,
    onSuccess: (list) => queryClient.setQueryData(productsKeys.list({ featured: true }), list),
  });
}

export function searchProducts(query: string, signal?: AbortSignal): Promise<ProductSearchResult[]> {
  return api(endpoints.searchProducts, { body: { query }, signal });
}

/** Search as you type: one request per (debounced) query, the previous results kept while the next loads. */
export function useProductSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: productsKeys.list({ search: q }),
    queryFn: ({ signal }) => searchProducts(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
