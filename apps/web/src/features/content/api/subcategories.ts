import {
  type Subcategory,
  type SubcategoryInput,
  subcategoriesResponseSchema,
  subcategorySchema,
} from '@ateliermarkt/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { contentKeys } from './content-keys.ts';

export function getSubcategories() {
  return apiClient.request('subcategories', { schema: subcategoriesResponseSchema });
}

export const subcategoriesQueryOptions = () =>
  queryOptions({ queryKey: contentKeys.subcategories(), queryFn: getSubcategories });

export function useSubcategories() {
  return useQuery(subcategoriesQueryOptions());
}

export function getSubcategory(id: string): Promise<Subcategory> {
  return apiClient.request(`subcategories/${id}`, { schema: subcategorySchema });
}

export function useSubcategory(id: string) {
  return useQuery({ queryKey: contentKeys.subcategory(id), queryFn: () => getSubcategory(id) });
}

/** POST subcategories without an id, PUT subcategories/{id} with one (spec 7.3). */
export function saveSubcategory({ id, ...body }: SubcategoryInput & { id?: string }): Promise<Subcategory> {
  return id
    ? apiClient.request(`subcategories/${id}`, { method: 'PUT', body, schema: subcategorySchema })
    : apiClient.request('subcategories', { method: 'POST', body, schema: subcategorySchema });
}

export function useSaveSubcategory() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: saveSubcategory,
    onSuccess: (saved) => {
      queryClient.setQueryData(contentKeys.subcategory(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: contentKeys.subcategories(), exact: true });
    },
  });
}

export function deleteSubcategory(id: string): Promise<void> {
  return apiClient.request(`subcategories/${id}`, { method: 'DELETE' });
}

export function useDeleteSubcategory() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: deleteSubcategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.subcategories() }),
  });
}
