import { endpoints, type Page, type PageInput } from '@ateliermarkt/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { pagesKeys } from './content-keys.ts';

export function getPages(): Promise<Page[]> {
  return api(endpoints.listPages);
}

export const pagesQueryOptions = () => queryOptions({ queryKey: pagesKeys.list(), queryFn: getPages });

export function usePages() {
  return useQuery(pagesQueryOptions());
}

/** POST pages for a new page; PUT pages/{id} only when the page has an id. */
export function savePage({ id, ...body }: PageInput & { id?: string }): Promise<Page> {
  return id ? api(endpoints.updatePage, { params: { id }, body }) : api(endpoints.createPage, { body });
}

export function useSavePage() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: savePage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pagesKeys.list() }),
  });
}

/** Puts the pages of one table in the given order: PUT for each page whose position changes. */
export async function reorderPages(ordered: Page[]): Promise<void> {
  for (const [index, page] of ordered.entries()) {
    const position = index + 1;
    if (page.position !== position) {
      await savePage({
        id: page.id,
        title: page.title,
        body: page.body,
        isFooterPage: page.isFooterPage,
        position,
      });
    }
  }
}

export function useReorderPages() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: reorderPages,
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: pagesKeys.list() });
      const previous = queryClient.getQueryData<Page[]>(pagesKeys.list());
      const positions = new Map(ordered.map((p, i) => [p.id, i + 1]));
      queryClient.setQueryData<Page[]>(pagesKeys.list(), (pages) =>
        pages
          ?.map((p) => ({ ...p, position: positions.get(p.id) ?? p.position }))
          .sort((a, b) => Number(a.isFooterPage) - Number(b.isFooterPage) || a.position - b.position),
      );
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(pagesKeys.list(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pagesKeys.list() }),
  });
}

export function deletePage(id: string): Promise<void> {
  return api(endpoints.deletePage, { params: { id } });
}

export function useDeletePage() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: deletePage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pagesKeys.list() }),
  });
}
