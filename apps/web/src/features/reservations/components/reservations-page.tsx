import {
  formatEuro,
  MESSAGES,
  RESERVATION_LIST_FILTERS,
  type Reservation,
  type ReservationListFilter,
  type ReservationSortField,
  reservationDocumentKind,
  reservationFilterLabel,
  reservationTotals,
  TODO_TEXTS,
} from '@ateliermarkt/contract';
import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { type ListColumn, ListTable, useShownWithRows } from '../../../components/data-table.tsx';
import { useListState } from '../../../components/list-state.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useRoleKind } from '../../../lib/current-user.ts';
import { useMedia } from '../../../lib/use-media.ts';
import { useReservationCounts, useReservationPage } from '../api/get-reservations.ts';
import { OPEN_RESERVATIONS_TITLE } from '../reservations-heading.ts';
import { useReservationRowActions } from './reservation-actions.tsx';
import { ReservationDetailDialog } from './reservation-detail-dialog.tsx';
import { ReservationFilters } from './reservation-filters.tsx';
import { ReservationLabelsBar } from './reservation-labels-bar.tsx';
import { RESERVATION_LIST, type ReservationListState } from './reservation-list-url.ts';
import { StatusBadge } from './status-badge.tsx';

/** Rows per page: the server pages and sorts, so 50,000 reservations never reach the browser at once. */
export const RESERVATIONS_PER_PAGE = 25;

function titleOf(tab: ReservationListFilter): string {
  if (tab === 'open') return OPEN_RESERVATIONS_TITLE;
  if (tab === 'closed') return 'Afgeronde reserveringen';
  if (tab === 'all') return 'Alle reserveringen';
  return `Reserveringen: ${reservationFilterLabel(tab)}`;
}

/**
 * Open or closed reservations, newest first; a row opens the detail dialog. A tab
 * per status with its count, a search, a date range and an amount column. Tab, narrowing, sort and page are the
 * server's (GET reservations/all, GET reservations/counts) and live in the address (reservation-list-url.ts).
 */
export function ReservationsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [state, change, searchNow] = useListState(RESERVATION_LIST);
  const { tab, todo, search, from, to, sort, page } = state;
  // Typing in the search replaces the history entry instead of adding one per word.
  const update = useCallback(
    (part: Partial<ReservationListState>) => change(part, { replace: 'search' in part }),
    [change],
  );
  const kind = useRoleKind();
  const isSuperAdmin = kind === 'superAdmin';
  const rowActions = useReservationRowActions();
  // The dialog gives focus back to the row it came from; when an action moved that row to another tab, the row is
  // gone and focus would fall to the page: the chosen tab takes it, so the keyboard goes on from the list.
  const focusAfterDialog = () =>
    setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    }, 0);
  const narrowing = { search: search.trim() || undefined, from: from || undefined, to: to || undefined, todo };
  const reservations = useReservationPage({
    filter: tab,
    ...narrowing,
    skipCount: (page - 1) * RESERVATIONS_PER_PAGE,
    maxResultCount: RESERVATIONS_PER_PAGE,
    sorting: { field: sort.columnAccessor, direction: sort.direction },
  });
  const counts = useReservationCounts(narrowing);
  // Below a laptop (62em) the eleven tabs took three rows at 820 px: they scroll in one row instead.
  const compact = useMedia('(max-width: 61.99em)');
  const tabList = useRef<HTMLDivElement>(null);
  // The chosen tab is scrolled into the row's view (a tab far to the right, chosen by a link, would be hidden); again
  // once the counts have widened the tabs.
  const countsLoaded = Boolean(counts.data);
  useEffect(() => {
    const list = tabList.current;
    const chosen = list?.querySelector<HTMLElement>(`[data-tab="${tab}"]`);
    if (!compact || !list || !chosen || !countsLoaded) return;
    const left = chosen.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    const right = left + chosen.offsetWidth;
    if (left < list.scrollLeft) list.scrollLeft = Math.max(0, left - 16);
    else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth + 16;
  }, [compact, tab, countsLoaded]);
  const totalCount = reservations.data?.totalCount;
  // The hint under the list appears with its rows, not under the skeleton before them (useShownWithRows).
  const hintShown = useShownWithRows(reservations.data) !== undefined;
  // Paid reservations chosen for 'Labels downloaden'; a new view starts with none chosen.
  const view = JSON.stringify([tab, todo ?? null, narrowing]);
  const [chosen, setChosen] = useState({ view, rows: [] as Reservation[] });
  const selected = chosen.view === view ? chosen.rows : [];
  const select = (rows: Reservation[]) => setChosen({ view, rows });

  const columns: ListColumn<Reservation>[] = [
    {
      accessor: 'reservationDate',
      title: 'Datum',
      sortable: true,
      priority: 2,
      onCards: true,
      render: (r) => r.dateFormatted,
    },
    { accessor: 'orderNumber', title: 'Bestelnummer', sortable: true, noWrap: true },
    {
      accessor: 'name',
      title: 'Klant',
      sortable: true,
      // A name is typed by the customer: a very long run without spaces may break anywhere rather than widen the
      // table past the screen, but the column keeps room for ordinary words so they stay whole.
      render: (r) => (
        <span style={{ display: 'inline-block', minWidth: '14ch', overflowWrap: 'anywhere' }}>{r.name}</span>
      ),
    },
    ...(isSuperAdmin
      ? [{ accessor: 'workspaceName', title: 'Atelier', sortable: true, priority: 2, onCards: true } as const]
      : []),
    {
      accessor: 'amount',
      title: 'Bedrag',
      sortable: true,
      textAlign: 'right',
      noWrap: true,
      render: (r) => formatEuro(reservationTotals(r).total),
    },
    { accessor: 'statusName', title: 'Status', sortable: true, render: (r) => <StatusBadge reservation={r} /> },
  ];

  const title = todo ? TODO_TEXTS[todo].title : titleOf(tab);
  const count = reservations.isPlaceholderData ? undefined : totalCount;
  // The list's query as last written: a row clicked right after a tab, before the tab's list has rendered, keeps that tab.
  const open = (reservation: Reservation) => navigate(`/reservations/${reservation.id}${searchNow()}`);
  const narrowed = Boolean(narrowing.search || from || to);

  const table = (
    <ListTable<Reservation, ReservationSortField>
      label={title}
      records={reservations.data?.items}
      columns={columns}
      loading={reservations.isPending}
      fetching={reservations.isPlaceholderData}
      error={reservations.error}
      onRetry={() => reservations.refetch()}
      sort={{ status: sort, onChange: (next) => update({ sort: next }) }}
      paging={{
        page,
        onPageChange: (next) => update({ page: next }),
        totalRecords: totalCount ?? 0,
        perPage: RESERVATIONS_PER_PAGE,
      }}
      onOpen={open}
      openLabel={(r) => MESSAGES.rowOpen(`Reservering ${r.orderNumber} van ${r.name}`)}
      rowName={(r) => `reservering ${r.orderNumber}`}
      rowActions={rowActions}
      selection={{ selected, onChange: select, isSelectable: (r) => reservationDocumentKind(r) !== null }}
      toolbar={<ReservationLabelsBar selected={selected} onClear={() => select([])} />}
      emptyText={
        narrowed
          ? MESSAGES.listNoMatches
          : todo
            ? 'Hier is nu niets te doen.'
            : tab === 'open'
              ? 'Er zijn geen openstaande reserveringen.'
              : tab === 'closed'
                ? 'Er zijn nog geen afgeronde reserveringen.'
                : 'Er zijn hier geen reserveringen.'
      }
    />
  );

  return (
    <>
      <PageHeader
        title={count === undefined ? title : `${title} (${count})`}
        description={
          todo
            ? TODO_TEXTS[todo].description
            : isSuperAdmin
              ? 'De reserveringen van alle ateliers.'
              : 'De reserveringen van je atelier.'
        }
      />
      <Stack gap="md">
        <ReservationFilters state={state} onChange={update} />
        {todo && (
          <Group>
            <Button variant="default" onClick={() => update({ todo: undefined, tab: 'open' })}>
              Toon alle openstaande reserveringen
            </Button>
          </Group>
        )}
        <Tabs
          value={tab}
          onChange={(value) => {
            const next = RESERVATION_LIST_FILTERS.find((f) => f === value);
            if (next) update({ tab: next });
          }}
          keepMounted
        >
          {/* On a phone and a tablet the tabs scroll sideways in their own row instead of taking a third of it. */}
          <Tabs.List
            ref={tabList}
            aria-label="Reserveringen per status"
            style={
              compact
                ? { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' }
                : { flexWrap: 'wrap' }
            }
          >
            {RESERVATION_LIST_FILTERS.map((filter) => (
              <Tabs.Tab
                key={filter}
                value={filter}
                data-tab={filter}
                style={{ flexShrink: 0 }}
                // The count's place is there before the count: a badge of at least four digits' width,
                // empty and hidden until the counts arrive, so the tabs do not widen and wrap when they do.
                rightSection={
                  <Badge
                    size="sm"
                    variant={filter === tab ? 'filled' : 'light'}
                    color="gray"
                    circle={false}
                    miw="3.25rem"
                    style={counts.data ? undefined : { visibility: 'hidden' }}
                    aria-hidden={counts.data ? undefined : true}
                  >
                    {counts.data?.[filter]}
                  </Badge>
                }
              >
                <span style={{ whiteSpace: 'nowrap' }}>{reservationFilterLabel(filter)}</span>
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {RESERVATION_LIST_FILTERS.map((filter) => (
            <Tabs.Panel key={filter} value={filter} pt="md">
              {filter === tab && table}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
      {hintShown && (
        <Text size="sm" c="dimmed" mt="xs">
          Klik op een reservering voor de details. {MESSAGES.labelsOnlyPaid}
        </Text>
      )}
      <ReservationDetailDialog
        id={id}
        onClose={() => navigate(`/reservations${searchNow()}`)}
        onClosed={focusAfterDialog}
      />
    </>
  );
}

export default ReservationsPage;
