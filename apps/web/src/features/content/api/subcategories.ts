import { endpoints, type Subcategory, type SubcategoryInput } from '@ateliermarkt/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { subcategoriesKeys } from './content-keys.ts';

export function getSubcategories() {
  return api(endpoints.listSubcategories);
}

export const subcategoriesQueryOptions = () =>
  queryOptions({ queryKey: subcategoriesKeys.list(), queryFn: getSubcategories });

export function useSubcategories() {
  return useQuery(subcategoriesQueryOptions());
}

export function getSubcategory(id: string): Promise<Subcategory> {
  return api(endpoints.getSubcategory, { params: { id } });
}

export function useSubcategory(id: string) {
  return useQuery({ queryKey: subcategoriesKeys.detail(id), queryFn: () => getSubcategory(id) });
}

/** POST subcategories without an id, PUT subcategories/{id} with one. */
export function saveSubcategory({ id, ...body }: SubcategoryInput & { id?: string }): Promise<Subcategory> {
  return id ? api(endpoints.updateSubcategory, { params: { id }, body }) : api(endpoints.createSubcategory, { body });
}

export function useSaveSubcategory() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: saveSubcategory,
    onSuccess: (saved) => {
      queryClient.setQueryData(subcategoriesKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: subcategoriesKeys.lists() });
    },
  });
}

export function deleteSubcategory(id: string): Promise<void> {
  return api(endpoints.deleteSubcategory, { params: { id } });
}

export function useDeleteSubcategory() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: deleteSubcategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subcategoriesKeys.all }),
  });
}
