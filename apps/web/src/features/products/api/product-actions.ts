import { endpoints, type Product, type ProductBulkRequest, type ProductBulkResponse } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { productsKeys } from './products-keys.ts';

export function deleteProduct(id: string): Promise<void> {
  return api(endpoints.deleteProduct, { params: { id } });
}

export function duplicateProduct(id: string): Promise<Product> {
  return api(endpoints.duplicateProduct, { params: { id } });
}

export function setProductPublished({ id, isPublished }: { id: string; isPublished: boolean }): Promise<void> {
  return api(endpoints.setProductPublishStatus, { params: { id }, body: { id, isPublished } });
}

function useProductMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
  });
}

export const useDeleteProduct = () => useProductMutation(deleteProduct);
export const useDuplicateProduct = () => useProductMutation(duplicateProduct);
export const useSetProductPublished = () => useProductMutation(setProductPublished);

/** One call for the chosen products; the answer says per product whether it worked. */
export function bulkProducts(body: ProductBulkRequest): Promise<ProductBulkResponse> {
  return api(endpoints.bulkProducts, { body });
}

/** Reloads the products whatever the outcome: some of them may have changed even when others failed. */
export function useBulkProducts() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: bulkProducts,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productsKeys.all }),
  });
}
