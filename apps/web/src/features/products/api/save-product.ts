import { endpoints, type Product, type ProductInput } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { customCategoriesKeys, productsKeys } from './products-keys.ts';

export function saveProduct({ id, body }: { id: string | null; body: ProductInput }): Promise<Product> {
  return id ? api(endpoints.updateProduct, { params: { id }, body }) : api(endpoints.createProduct, { body });
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: saveProduct,
    onSuccess: (product) => {
      queryClient.setQueryData(productsKeys.detail(product.id), product);
      void queryClient.invalidateQueries({ queryKey: productsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: customCategoriesKeys.all });
    },
  });
}
