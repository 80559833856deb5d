import { IMPORT_STATUS_LABELS, type ImportRow, type ImportRowStatus } from '@ateliermarkt/contract';
import { Badge, List, Text } from '@mantine/core';
import { useState } from 'react';
import { type ListColumn, ListTable } from '../../../components/data-table.tsx';

const COLOR: Record<ImportRowStatus, string> = { new: 'green', changed: 'blue', unchanged: 'gray', refused: 'red' };
const PER_PAGE = 25;

export function ImportStatusBadge({ status }: { status: ImportRowStatus }) {
  return (
    <Badge color={COLOR[status]} variant="light" style={{ flexShrink: 0 }}>
      {IMPORT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** What a row does: the columns it changes, or why it is refused. */
function RowDetails({ row }: { row: ImportRow }) {
  if (row.reasons.length)
    return (
      <List size="sm" spacing={2}>
        {row.reasons.map((r) => (
          <List.Item key={r}>
            <Text size="sm" c="red.9" style={{ overflowWrap: 'anywhere' }}>
              {r}
            </Text>
          </List.Item>
        ))}
      </List>
    );
  if (row.status === 'changed')
    return (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Wijzigt: {row.changed.join(', ')}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed">
      {row.status === 'new' ? 'Wordt een nieuw product' : 'Blijft zoals het is'}
    </Text>
  );
}

const columns: ListColumn<ImportRow>[] = [
  { accessor: 'row', title: 'Rij', width: 64 },
  { accessor: 'code', title: 'Code', priority: 2, render: (r) => r.code ?? '—' },
  { accessor: 'name', title: 'Naam', render: (r) => <Text style={{ overflowWrap: 'anywhere' }}>{r.name ?? '—'}</Text> },
  // Wide enough for 'Ongewijzigd' in full: a badge is cut short with an ellipsis when its column is narrow.
  { accessor: 'status', title: 'Status', width: 140, render: (r) => <ImportStatusBadge status={r.status} /> },
  { accessor: 'reasons', title: 'Wijzigingen of reden', render: (r) => <RowDetails row={r} /> },
];

export type ImportPreviewTableProps = { rows: ImportRow[]; label: string };

/** The preview per row, 25 rows a page; on a phone each row is a card. */
export function ImportPreviewTable({ rows, label }: ImportPreviewTableProps) {
  const [page, setPage] = useState(1);
  const shown = rows.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  return (
    <ListTable
      label={label}
      records={shown}
      columns={columns}
      loading={false}
      onRetry={() => {}}
      emptyText="Het spreadsheet bevat geen producten."
      idAccessor="row"
      rowName={(r) => `Rij ${r.row}`}
      paging={
        rows.length > PER_PAGE
          ? { page, onPageChange: setPage, totalRecords: rows.length, perPage: PER_PAGE }
          : undefined
      }
    />
  );
}
