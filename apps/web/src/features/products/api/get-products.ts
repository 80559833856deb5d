import { endpoints, PRODUCT_LIST_SIZE, type ProductListItem } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { productsKeys } from './products-keys.ts';

export async function getProducts(): Promise<ProductListItem[]> {
  const res = await api(endpoints.listProducts, { query: { maxResultCount: PRODUCT_LIST_SIZE } });
  return res.items;
}

export const productsQueryOptions = () => queryOptions({ queryKey: productsKeys.list(), queryFn: getProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
