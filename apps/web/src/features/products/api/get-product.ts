import { type Product, productSchema } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { productsKeys } from './products-keys.ts';

export function getProduct(id: string): Promise<Product> {
  return apiClient.request(`products/${encodeURIComponent(id)}`, { schema: productSchema });
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: productsKeys.detail(id), queryFn: () => getProduct(id) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
