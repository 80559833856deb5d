import type { ReservationSorting, TodoKind } from '@ateliermarkt/contract';
import { queryKeysFactory } from '../../../lib/query-keys.ts';

export type ReservationListFilter = 'open' | 'closed';

/** One page of the overview, as the server sorts and filters it. */
export type ReservationPageRequest = {
  filter: ReservationListFilter;
  skipCount: number;
  maxResultCount: number;
  sorting: ReservationSorting;
  /** Only what a dashboard card counts. */
  todo?: TodoKind | undefined;
};

const keys = queryKeysFactory<'reservations', ReservationPageRequest>('reservations');

/** Query keys of the reservations feature; every change invalidates `all`. */
export const reservationsKeys = {
  ...keys,
  /** The navigation badge's number: under `all`, so every change refreshes it. */
  openCount: () => [...keys.all, 'open-count'] as const,
  /** A reservation's history (GET reservations/{id}/history), under `all`: every change refreshes it. */
  history: (id: string) => [...keys.all, 'history', id] as const,
  /** The counter screen of a pick-up slip's QR code (issue 15.5), under `all`. */
  pickup: (token: string) => [...keys.all, 'pickup', token] as const,
};
