import { endpoints, type ProductAvailability, type ProductPage, type ProductSorting } from '@ateliermarkt/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { productsKeys } from './products-keys.ts';

/** One page of the overview as the server filters, searches and sorts it. */
export type ProductPageRequest = {
  skipCount: number;
  maxResultCount: number;
  sorting: ProductSorting;
  search?: string | undefined;
  published?: boolean | undefined;
  availability?: ProductAvailability | undefined;
  categoryId?: string | undefined;
};

export function getProductPage(request: ProductPageRequest): Promise<ProductPage> {
  const { sorting, published, ...rest } = request;
  return api(endpoints.listProducts, {
    query: {
      ...rest,
      sorting: `${sorting.field} ${sorting.direction}`,
      published: published === undefined ? undefined : published ? 'true' : 'false',
    },
  });
}

export function useProductPage(request: ProductPageRequest) {
  return useQuery({
    queryKey: productsKeys.list(request),
    queryFn: () => getProductPage(request),
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
