export type ReservationListFilter = 'open' | 'closed';

/** Query keys of the reservations feature; every change invalidates `all`. */
export const reservationsKeys = {
  all: ['reservations'] as const,
  list: (filter: ReservationListFilter) => [...reservationsKeys.all, 'list', filter] as const,
  detail: (id: string) => [...reservationsKeys.all, 'detail', id] as const,
  openCount: () => [...reservationsKeys.all, 'open-count'] as const,
  deliveryMethods: () => ['delivery-methods'] as const,
};
