import { type Product, type ProductInput, productSchema } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { productsKeys } from './products-keys.ts';

export function saveProduct({ id, body }: { id: string | null; body: ProductInput }): Promise<Product> {
  return id
    ? apiClient.request(`products/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: productSchema })
    : apiClient.request('products', { method: 'POST', body, schema: productSchema });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: saveProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productsKeys.detail(product.id), product);
      void queryClient.invalidateQueries({ queryKey: productsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: productsKeys.customCategories() });
    },
  });
}
