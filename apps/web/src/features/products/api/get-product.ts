import { endpoints, type Product } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { productsKeys } from './products-keys.ts';

export function getProduct(id: string): Promise<Product> {
  return api(endpoints.getProduct, { params: { id } });
}

export const productQueryOptions = (id: string) =>
  queryOptions({ queryKey: productsKeys.detail(id), queryFn: () => getProduct(id) });

export function useProduct(id: string) {
  return useQuery(productQueryOptions(id));
}
