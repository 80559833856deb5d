import type { ReservationSorting, TodoKind } from '@ateliermarkt/contract';

export type ReservationListFilter = 'open' | 'closed';

/** Query keys of the reservations feature; every change invalidates `all`. */
export const reservationsKeys = {
  all: ['reservations'] as const,
  page: (request: {
    filter: ReservationListFilter;
    skipCount: number;
    maxResultCount: number;
    sorting: ReservationSorting;
    todo?: TodoKind | undefined;
  }) => [...reservationsKeys.all, 'page', request] as const,
  detail: (id: string) => [...reservationsKeys.all, 'detail', id] as const,
  history: (id: string) => [...reservationsKeys.all, 'history', id] as const,
  openCount: () => [...reservationsKeys.all, 'open-count'] as const,
  deliveryMethods: () => ['delivery-methods'] as const,
};
