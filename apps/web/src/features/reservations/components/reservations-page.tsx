import {
  MESSAGES,
  type Reservation,
  type ReservationSortField,
  TODO_KINDS,
  TODO_TEXTS,
  type TodoKind,
} from '@ateliermarkt/contract';
import { Alert, Button, Group, Paper, Select, Text } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRoleKind } from '../../../lib/current-user.ts';
import { dutchPagination } from '../../../lib/datatable-pagination.ts';
import { TODO_PARAM } from '../../../lib/todo-links.ts';
import { useReservationPage } from '../api/get-reservations.ts';
import type { ReservationListFilter } from '../api/reservations-keys.ts';
import { ReservationActions } from './reservation-actions.tsx';
import { ReservationDetailDialog } from './reservation-detail-dialog.tsx';
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
  const [sort, setSort] = useState<DataTableSortStatus<Reservation>>({
    columnAccessor: 'reservationDate',
    direction: 'desc',
  });
  // Back to the first page when the filter or the sorting changes.
  const [paging, setPaging] = useState({ page: 1, filter, sort, todo });
  const page = paging.filter === filter && paging.sort === sort && paging.todo === todo ? paging.page : 1;
  const reservations = useReservationPage({
    filter,
    todo,
    skipCount: (page - 1) * RESERVATIONS_PER_PAGE,
    maxResultCount: RESERVATIONS_PER_PAGE,
    sorting: { field: sort.columnAccessor as ReservationSortField, direction: sort.direction },
  });
  const records = reservations.data?.items ?? [];
  const totalCount = reservations.data?.totalCount;

  const columns: DataTableColumn<Reservation>[] = [
    { accessor: 'reservationDate', title: 'Datum', sortable: true, render: (r) => r.dateFormatted },
    { accessor: 'orderNumber', title: 'Bestelnummer', sortable: true },
    { accessor: 'name', title: 'Klant', sortable: true },
    ...(isSuperAdmin ? [{ accessor: 'workspaceName', title: 'Atelier', sortable: true } as const] : []),
    { accessor: 'statusName', title: 'Status', sortable: true, render: (r) => <StatusBadge reservation={r} /> },
    { accessor: 'actions', title: 'Acties', render: (r) => <ReservationActions reservation={r} /> },
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
      {reservations.isError ? (
        <Alert color="red" title="De reserveringen konden niet worden geladen">
          {errorMessage(reservations.error)}
        </Alert>
      ) : (
        <Paper withBorder radius="md">
          <DataTable<Reservation>
            withTableBorder={false}
            minHeight={reservations.isPending || records.length === 0 ? 220 : undefined}
            records={records}
            columns={columns}
            fetching={reservations.isPending || reservations.isPlaceholderData}
            sortStatus={sort}
            onSortStatusChange={setSort}
            totalRecords={totalCount ?? 0}
            recordsPerPage={RESERVATIONS_PER_PAGE}
            page={page}
            onPageChange={(next) => setPaging({ page: next, filter, sort, todo })}
            {...dutchPagination}
            highlightOnHover
            onRowClick={({ record }) => open(record)}
            customRowAttributes={(record) => ({
              tabIndex: 0,
              'aria-label': `Reservering ${record.orderNumber} van ${record.name} openen`,
              onKeyDown: (e: React.KeyboardEvent) => {
                if (e.key === 'Enter' && e.target === e.currentTarget) open(record);
              },
            })}
            noRecordsText={
              todo
                ? 'Hier is nu niets te doen.'
                : filter === 'open'
                  ? 'Er zijn geen openstaande reserveringen.'
                  : 'Er zijn nog geen afgeronde reserveringen.'
            }
          />
        </Paper>
      )}
      {reservations.data && (
        <Text size="sm" c="dimmed" mt="xs">
          Klik op een reservering voor de details.
        </Text>
      )}
      <ReservationDetailDialog id={id} onClose={() => navigate(`/reservations${location.search}`)} />
    </>
  );
}

export default ReservationsPage;
