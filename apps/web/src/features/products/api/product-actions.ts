import { endpoints, type Product } from '@ateliermarkt/contract';
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
