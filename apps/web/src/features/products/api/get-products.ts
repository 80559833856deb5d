import { PRODUCT_LIST_SIZE, type ProductListItem, productListResponseSchema } from '@ateliermarkt/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { productsKeys } from './products-keys.ts';

export async function getProducts(): Promise<ProductListItem[]> {
  const res = await apiClient.request(`products?maxResultCount=${PRODUCT_LIST_SIZE}`, {
    schema: productListResponseSchema,
  });
  return res.items;
}

export const productsQueryOptions = () => queryOptions({ queryKey: productsKeys.lists(), queryFn: getProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
