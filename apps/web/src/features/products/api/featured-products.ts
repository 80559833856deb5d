import {
  type FeaturedProduct,
  featuredProductsResponseSchema,
  type ProductSearchResult,
  productSearchResponseSchema,
} from '@ateliermarkt/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { productsKeys } from './products-keys.ts';

export function useFeaturedProducts() {
  return useQuery({
    queryKey: productsKeys.featured(),
    queryFn: () => apiClient.request('products/featured', { schema: featuredProductsResponseSchema }),
  });
}

export function saveFeaturedProducts(ids: string[]): Promise<FeaturedProduct[]> {
  return apiClient.request('products/featured', {
    method: 'POST',
    body: { featuredProducts: ids },
    schema: featuredProductsResponseSchema,
  });
}

export function useSaveFeaturedProducts() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: saveFeaturedProducts,
    onSuccess: (list) => queryClient.setQueryData(productsKeys.featured(), list),
  });
}

export function searchProducts(query: string, signal?: AbortSignal): Promise<ProductSearchResult[]> {
  return apiClient.request('products/search', {
    method: 'POST',
    body: { query },
    schema: productSearchResponseSchema,
    signal,
  });
}

/** Search as you type: one request per (debounced) query, the previous results kept while the next loads. */
export function useProductSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: productsKeys.search(q),
    queryFn: ({ signal }) => searchProducts(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
