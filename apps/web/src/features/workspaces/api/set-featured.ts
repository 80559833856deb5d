import { endpoints, type Workspace } from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { workspacesKeys } from './workspaces-keys.ts';

export function setFeatured(featuredWorkspaces: string[]): Promise<Workspace[]> {
  return api(endpoints.saveFeaturedWorkspaces, { body: { featuredWorkspaces } });
}

/** After saving, every workshop is unfeatured locally and the returned ones featured. */
export function useSetFeatured() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: setFeatured,
    onSuccess: (featured) => {
      const ids = new Set(featured.map((w) => w.id));
      queryClient.setQueryData<Workspace[]>(workspacesKeys.list(), (list) =>
        list?.map((w) => ({ ...w, isFeatured: ids.has(w.id) })),
      );
      return queryClient.invalidateQueries({ queryKey: workspacesKeys.all });
    },
  });
}
