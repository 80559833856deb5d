import { MESSAGES, type Reservation } from '@ateliermarkt/contract';
import { Alert, Group, Paper, Select, Text } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useRoleKind } from '../../../lib/current-user.ts';
import { useReservations } from '../api/get-reservations.ts';
import type { ReservationListFilter } from '../api/reservations-keys.ts';
import { ReservationActions } from './reservation-actions.tsx';
import { ReservationDetailDialog } from './reservation-detail-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

const FILTER_PARAM = 'toon';
const CLOSED = 'afgerond';

type SortKey = 'reservationDate' | 'statusName' | 'orderNumber' | 'name' | 'workspaceName';

function compare(a: Reservation, b: Reservation, key: SortKey): number {
  return a[key].localeCompare(b[key], 'nl');
}

/** Spec 2.16: open or closed reservations, newest first; a row opens the detail dialog (spec 2.17). */
export function ReservationsPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter: ReservationListFilter = searchParams.get(FILTER_PARAM) === CLOSED ? 'closed' : 'open';
  const kind = useRoleKind();
  const isSuperAdmin = kind === 'superAdmin';
  const reservations = useReservations(filter);
  const [sort, setSort] = useState<DataTableSortStatus<Reservation>>({
    columnAccessor: 'reservationDate',
    direction: 'desc',
  });

  const records = useMemo(() => {
    const list = [...(reservations.data ?? [])];
    const key = sort.columnAccessor as SortKey;
    list.sort((a, b) => compare(a, b, key) * (sort.direction === 'asc' ? 1 : -1));
    return list;
  }, [reservations.data, sort]);

  const columns: DataTableColumn<Reservation>[] = [
    { accessor: 'reservationDate', title: 'Datum', sortable: true, render: (r) => r.dateFormatted },
    { accessor: 'orderNumber', title: 'Bestelnummer', sortable: true },
    { accessor: 'name', title: 'Klant', sortable: true },
    ...(isSuperAdmin ? [{ accessor: 'workspaceName', title: 'Atelier', sortable: true } as const] : []),
    { accessor: 'statusName', title: 'Status', sortable: true, render: (r) => <StatusBadge reservation={r} /> },
    { accessor: 'actions', title: 'Acties', render: (r) => <ReservationActions reservation={r} /> },
  ];

  const title = filter === 'open' ? 'Openstaande reserveringen' : 'Afgeronde reserveringen';
  const count = reservations.data?.length;
  const open = (reservation: Reservation) => navigate(`/reservations/${reservation.id}${location.search}`);

  return (
    <>
      <PageHeader
        title={count === undefined ? title : `${title} (${count})`}
        description={isSuperAdmin ? 'De reserveringen van alle ateliers.' : 'De reserveringen van je atelier.'}
      />
      <Group mb="md">
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
            fetching={reservations.isPending}
            sortStatus={sort}
            onSortStatusChange={setSort}
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
              filter === 'open'
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
