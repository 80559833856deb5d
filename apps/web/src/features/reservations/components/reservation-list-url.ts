/**
 * The reservations overview's state in its URL, so a link or a reload shows the same list: the tab
 * (`toon`), the search (`zoek`), the date range (`van`, `tot`), the sorting (`sorteer`), the page (`pagina`) and a
 * dashboard card (`taak`, lib/todo-links.ts). Defaults are left out; a value that cannot be read is ignored.
 */
import {
  RESERVATION_LIST_FILTERS,
  RESERVATION_SEARCH_MAX,
  RESERVATION_SORT_FIELDS,
  type ReservationListFilter,
  type ReservationSortField,
  TODO_KINDS,
  type TodoKind,
} from '@ateliermarkt/contract';
import type { ListSort } from '../../../components/data-table.tsx';
import { TODO_PARAM } from '../../../lib/todo-links.ts';

export type ReservationListState = {
  tab: ReservationListFilter;
  search: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  sort: ListSort<ReservationSortField>;
  page: number;
  todo: TodoKind | undefined;
};

export const PARAMS = {
  tab: 'toon',
  search: 'zoek',
  from: 'van',
  to: 'tot',
  sort: 'sorteer',
  page: 'pagina',
  todo: TODO_PARAM,
} as const;

/** The tabs' words in the URL (`?toon=afgerond` was the closed view's link before the tabs). */
const TAB_SLUGS: Record<ReservationListFilter, string> = {
  open: 'open',
  closed: 'afgerond',
  new: 'nieuw',
  awaitingPayment: 'wacht-op-betaling',
  paid: 'betaald',
  shipped: 'verzonden',
  pickedUp: 'opgehaald',
  returning: 'retour',
  returnReceived: 'retour-ontvangen',
  rejected: 'afgewezen',
  withdrawn: 'herroepen',
  all: 'alle',
};

export const DEFAULT_SORT: ListSort<ReservationSortField> = { columnAccessor: 'reservationDate', direction: 'desc' };
const DEFAULT_TAB: ReservationListFilter = 'open';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function readListState(params: URLSearchParams): ReservationListState {
  const todo = TODO_KINDS.find((kind) => kind === params.get(PARAMS.todo));
  const slug = params.get(PARAMS.tab);
  const tab = RESERVATION_LIST_FILTERS.find((f) => TAB_SLUGS[f] === slug) ?? DEFAULT_TAB;
  const from = params.get(PARAMS.from) ?? '';
  const to = params.get(PARAMS.to) ?? '';
  const [field, direction] = (params.get(PARAMS.sort) ?? '').split('-');
  const sortField = RESERVATION_SORT_FIELDS.find((f) => f === field);
  const page = Number(params.get(PARAMS.page));
  const validFrom = isDay(from) ? from : '';
  const validTo = isDay(to) && !(validFrom && to < validFrom) ? to : '';
  return {
    tab,
    search: (params.get(PARAMS.search) ?? '').slice(0, RESERVATION_SEARCH_MAX),
    from: validFrom,
    to: validTo,
    sort:
      sortField && (direction === 'asc' || direction === 'desc')
        ? { columnAccessor: sortField, direction }
        : DEFAULT_SORT,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    todo,
  };
}

export function writeListState(state: ReservationListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.todo) params.set(PARAMS.todo, state.todo);
  if (state.tab !== DEFAULT_TAB) params.set(PARAMS.tab, TAB_SLUGS[state.tab]);
  if (state.search.trim()) params.set(PARAMS.search, state.search);
  if (state.from) params.set(PARAMS.from, state.from);
  if (state.to) params.set(PARAMS.to, state.to);
  const { columnAccessor, direction } = state.sort;
  if (columnAccessor !== DEFAULT_SORT.columnAccessor || direction !== DEFAULT_SORT.direction) {
    params.set(PARAMS.sort, `${columnAccessor}-${direction}`);
  }
  if (state.page > 1) params.set(PARAMS.page, String(state.page));
  return params;
}

/** A change of the list: anything but the page itself starts again at page 1. */
export function changeListState(
  state: ReservationListState,
  change: Partial<ReservationListState>,
): ReservationListState {
  return { ...state, page: 1, ...change };
}
