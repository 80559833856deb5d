import type { ReservationSorting } from '@ateliermarkt/contract';
import { queryKeysFactory } from '../../../lib/query-keys.ts';

export type ReservationListFilter = 'open' | 'closed';

/** One page of the overview, as the server sorts and filters it. */
export type ReservationPageRequest = {
  filter: ReservationListFilter;
  skipCount: number;
  maxResultCount: number;
  sorting: ReservationSorting;
};

const keys = queryKeysFactory<'reservations', ReservationPageRequest>('reservations');

/** Query keys of the reservations feature; every change invalidates `all`. */
export const reservationsKeys = {
  ...keys,
  /** The navigation badge's number: under `all`, so every change refreshes it. */
  openCount: () => [...keys.all, 'open-count'] as const,
};
