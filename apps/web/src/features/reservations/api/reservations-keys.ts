import type { ReservationListFilter, ReservationSorting, TodoKind } from '@ateliermarkt/contract';
import { queryKeysFactory } from '../../../lib/query-keys.ts';

/** What narrows the overview besides its tab; the tab counts are asked with the same. */
export type ReservationNarrowing = {
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Only what a dashboard card counts. */
  todo?: TodoKind | undefined;
};

/** One page of the overview, as the server sorts and filters it. */
export type ReservationPageRequest = ReservationNarrowing & {
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
  /** The overview's tab counts (GET reservations/counts), under `all`. */
  counts: (narrowing: ReservationNarrowing) => [...keys.all, 'counts', narrowing] as const,
  /** A reservation's history (GET reservations/{id}/history), under `all`: every change refreshes it. */
  history: (id: string) => [...keys.all, 'history', id] as const,
  /** The counter screen of a pick-up slip's QR code, under `all`. */
  pickup: (token: string) => [...keys.all, 'pickup', token] as const,
};
