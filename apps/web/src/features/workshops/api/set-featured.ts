import { endpoints, type Workshop } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workshopsKeys } from './workshops-keys.ts';

export function setFeatured(featuredWorkshops: string[]): Promise<Workshop[]> {
  return api(endpoints.saveFeaturedWorkspaces, { body: { featuredWorkspaces: featuredWorkshops } });
}

/** After saving, every workshop is unfeatured locally and the returned ones featured. */
export function useSetFeatured() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: setFeatured,
    onSuccess: (featured) => {
      const ids = new Set(featured.map((w) => w.id));
      queryClient.setQueryData<Workshop[]>(workshopsKeys.list(), (list) =>
        list?.map((w) => ({ ...w, isFeatured: ids.has(w.id) })),
      );
      return queryClient.invalidateQueries({ queryKey: workshopsKeys.all });
    },
  });
}
