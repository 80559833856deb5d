/**
 * The reservations overview's state in its address (components/list-state.ts), so a link or a reload shows the
 * same list: the tab (`status`), the search (`zoek`), the date range (`van`, `tot`), the sorting (`sorteer`), the
 * page (`pagina`) and a dashboard card (`taak`, lib/todo-links.ts). Earlier links named the tab `toon`.
 */
import {
  RESERVATION_SEARCH_MAX,
  type ReservationListFilter,
  type ReservationSortField,
  TODO_KINDS,
  type TodoKind,
} from '@ateliermarkt/contract';
import type { ListSort } from '../../../components/data-table.tsx';
import {
  choiceParam,
  DAY,
  defineList,
  type ListStateOf,
  pageParam,
  schemaParam,
  sortParam,
  textParam,
} from '../../../components/list-state.ts';
import { TODO_PARAM } from '../../../lib/todo-links.ts';

/** The tabs' words in the address. */
const TABS: Record<string, ReservationListFilter> = {
  open: 'open',
  afgerond: 'closed',
  nieuw: 'new',
  'wacht-op-betaling': 'awaitingPayment',
  betaald: 'paid',
  verzonden: 'shipped',
  opgehaald: 'pickedUp',
  retour: 'returning',
  'retour-ontvangen': 'returnReceived',
  afgewezen: 'rejected',
  herroepen: 'withdrawn',
  alle: 'all',
};

const COLUMNS: Record<string, ReservationSortField> = {
  datum: 'reservationDate',
  bestelnummer: 'orderNumber',
  klant: 'name',
  atelier: 'workspaceName',
  status: 'statusName',
  bedrag: 'amount',
};

export const DEFAULT_SORT: ListSort<ReservationSortField> = { columnAccessor: 'reservationDate', direction: 'desc' };

export const RESERVATION_LIST = defineList(
  {
    todo: choiceParam<TodoKind, undefined>(
      TODO_PARAM,
      Object.fromEntries(TODO_KINDS.map((kind) => [kind, kind])),
      undefined,
    ),
    tab: choiceParam<ReservationListFilter, ReservationListFilter>('status', TABS, 'open'),
    search: textParam('zoek', RESERVATION_SEARCH_MAX),
    /** YYYY-MM-DD or ''. */
    from: schemaParam('van', DAY),
    to: schemaParam('tot', DAY),
    sort: sortParam(COLUMNS, DEFAULT_SORT),
    page: pageParam(),
  },
  {
    formerNames: { toon: 'status' },
    tidy: (state) => (state.from && state.to && state.to < state.from ? { ...state, to: '' } : state),
  },
);

export type ReservationListState = ListStateOf<typeof RESERVATION_LIST>;
