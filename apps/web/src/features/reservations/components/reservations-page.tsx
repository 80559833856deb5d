import {
  MESSAGES,
  type Reservation,
  type ReservationSortField,
  reservationDocumentKind,
  TODO_KINDS,
  TODO_TEXTS,
  type TodoKind,
} from '@ateliermarkt/contract';
import { Button, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { type ListColumn, type ListSort, ListTable } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useRoleKind } from '../../../lib/current-user.ts';
import { TODO_PARAM } from '../../../lib/todo-links.ts';
import { useReservationPage } from '../api/get-reservations.ts';
import type { ReservationListFilter } from '../api/reservations-keys.ts';
import { useReservationRowActions } from './reservation-actions.tsx';
import { ReservationDetailDialog } from './reservation-detail-dialog.tsx';
import { ReservationLabelsBar } from './reservation-labels-bar.tsx';
import { StatusBadge } from './status-badge.tsx';

const FILTER_PARAM = 'toon';
const CLOSED = 'afgerond';

/** Rows per page: the server pages and sorts (issue 8), so 50,000 reservations never reach the browser at once. */
export const RESERVATIONS_PER_PAGE = 25;

/**
 * Spec 2.16: open or closed reservations, newest first; a row opens the detail dialog (spec 2.17). Filter, sort
 * and page are the server's (GET reservations/all with skipCount/maxResultCount/sorting).
 */
export function ReservationsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // A dashboard card's link (?taak=…): the open reservations of exactly its kind (issue 14).
  const todo = TODO_KINDS.find((kind): kind is TodoKind => kind === searchParams.get(TODO_PARAM));
  const filter: ReservationListFilter = !todo && searchParams.get(FILTER_PARAM) === CLOSED ? 'closed' : 'open';
  const kind = useRoleKind();
  const isSuperAdmin = kind === 'superAdmin';
  const [sort, setSort] = useState<ListSort<ReservationSortField>>({
    columnAccessor: 'reservationDate',
    direction: 'desc',
  });
  const rowActions = useReservationRowActions();
  // Back to the first page when the filter or the sorting changes.
  const [paging, setPaging] = useState({ page: 1, filter, sort, todo });
  const page = paging.filter === filter && paging.sort === sort && paging.todo === todo ? paging.page : 1;
  const reservations = useReservationPage({
    filter,
    todo,
    skipCount: (page - 1) * RESERVATIONS_PER_PAGE,
    maxResultCount: RESERVATIONS_PER_PAGE,
    sorting: { field: sort.columnAccessor, direction: sort.direction },
  });
  const totalCount = reservations.data?.totalCount;
  // Paid reservations chosen for 'Labels downloaden' (issue 15.4); a new view starts with none chosen.
  const [chosen, setChosen] = useState({ filter, todo, rows: [] as Reservation[] });
  const selected = chosen.filter === filter && chosen.todo === todo ? chosen.rows : [];
  const select = (rows: Reservation[]) => setChosen({ filter, todo, rows });

  const columns: ListColumn<Reservation>[] = [
    { accessor: 'reservationDate', title: 'Datum', sortable: true, priority: 2, render: (r) => r.dateFormatted },
    { accessor: 'orderNumber', title: 'Bestelnummer', sortable: true, noWrap: true },
    { accessor: 'name', title: 'Klant', sortable: true },
    ...(isSuperAdmin ? [{ accessor: 'workspaceName', title: 'Atelier', sortable: true, priority: 3 } as const] : []),
    { accessor: 'statusName', title: 'Status', sortable: true, render: (r) => <StatusBadge reservation={r} /> },
  ];

  const title = todo
    ? TODO_TEXTS[todo].title
    : filter === 'open'
      ? 'Openstaande reserveringen'
      : 'Afgeronde reserveringen';
  const count = reservations.isPlaceholderData ? undefined : totalCount;
  const open = (reservation: Reservation) => navigate(`/reservations/${reservation.id}${location.search}`);

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
      <Group mb="md" align="flex-end">
        <Select
          label="Weergave"
          data={[
            { value: 'open', label: MESSAGES.showOpenReservations },
            { value: 'closed', label: MESSAGES.showClosedReservations },
          ]}
          value={filter}
          allowDeselect={false}
          onChange={(value) => setSearchParams(value === 'closed' ? { [FILTER_PARAM]: CLOSED } : {})}
          w={320}
        />
        {todo && (
          <Button variant="default" onClick={() => setSearchParams({})}>
            Toon alle openstaande reserveringen
          </Button>
        )}
      </Group>
      <ListTable<Reservation, ReservationSortField>
        label={title}
        records={reservations.data?.items}
        columns={columns}
        loading={reservations.isPending}
        fetching={reservations.isPlaceholderData}
        error={reservations.error}
        onRetry={() => reservations.refetch()}
        sort={{ status: sort, onChange: setSort }}
        paging={{
          page,
          onPageChange: (next) => setPaging({ page: next, filter, sort, todo }),
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
          todo
            ? 'Hier is nu niets te doen.'
            : filter === 'open'
              ? 'Er zijn geen openstaande reserveringen.'
              : 'Er zijn nog geen afgeronde reserveringen.'
        }
      />
      {reservations.data && (
        <Text size="sm" c="dimmed" mt="xs">
          Klik op een reservering voor de details. {MESSAGES.labelsOnlyPaid}
        </Text>
      )}
      <ReservationDetailDialog id={id} onClose={() => navigate(`/reservations${location.search}`)} />
    </>
  );
}

export default ReservationsPage;
