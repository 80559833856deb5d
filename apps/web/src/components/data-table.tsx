import { MESSAGES } from '@ateliermarkt/contract';
import { Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { type KeyboardEvent, type ReactNode, useDeferredValue } from 'react';
import { useMedia } from '../lib/use-media.ts';
import { ListCards } from './list-cards.tsx';
import { LoadError } from './load-error.tsx';
import { type RowAction, RowActionsMenu } from './row-actions-menu.tsx';

/**
 * How soon a column gives way as the screen narrows: 1 always shows, 2 from a small laptop (62em, 992 px, where the
 * menu stands beside the screen) up, 3 from a wide screen (90em, 1440 px) up. The name column and the actions stay,
 * so a row can always be recognised and acted on. Earlier than before (48em and 85em): at 1366 and 820 px the name
 * column was squeezed until names broke mid-word.
 */
export type ColumnPriority = 1 | 2 | 3;
const VISIBLE_FROM: Record<ColumnPriority, string | undefined> = {
  1: undefined,
  2: '(min-width: 62em)',
  3: '(min-width: 90em)',
};
/** Whether a column of this priority shows now: a cell can then say what a hidden column would have (a code). */
export function useColumnShown(priority: ColumnPriority): boolean {
  const query = VISIBLE_FROM[priority];
  const matches = useMedia(query ?? '(min-width: 0em)');
  return query === undefined || matches;
}

/** Below this width a list shows cards instead of a table (see ListCards). */
const PHONE = '(max-width: 47.99em)';

export type ListColumn<T> = DataTableColumn<T> & {
  priority?: ColumnPriority;
  /** Shown on a phone's cards too, after the always-shown columns (a reservation's date, a product's published). */
  onCards?: boolean;
};

/** A sort state whose column is one of the table's own sort keys. */
export type ListSort<K extends string> = { columnAccessor: K; direction: 'asc' | 'desc' };

export type ListPaging = { page: number; onPageChange: (page: number) => void; totalRecords: number; perPage: number };

export type ListSelection<T> = {
  selected: T[];
  onChange: (selected: T[]) => void;
  /** Rows that cannot be chosen (e.g. no label yet) show no usable box; all rows can when left out. */
  isSelectable?: (record: T) => boolean;
};

export type ListTableProps<T, K extends string = never> = {
  /** The table's accessible name (or `labelledBy`, the id of its heading). */
  label?: string;
  labelledBy?: string;
  records: T[] | undefined;
  columns: ListColumn<T>[];
  /** The first load: a skeleton instead of the table. */
  loading: boolean;
  /** A later fetch (a new page or sort) under way: the table stays and shows a loader over it. */
  fetching?: boolean;
  /** Set when loading failed: the reason and 'Opnieuw proberen', which calls `onRetry`. */
  error?: unknown;
  onRetry: () => void;
  emptyText: string;
  idAccessor?: keyof T & string;
  sort?: { status: ListSort<K>; onChange: (status: ListSort<K>) => void };
  paging?: ListPaging;
  selection?: ListSelection<T>;
  /** Opens a row: on click, and on Enter when the row has focus (rows are then in the tab order). */
  onOpen?: (record: T) => void;
  /** A focusable row's own label ('… openen'); without it, a row is read by its cells. */
  openLabel?: (record: T) => string;
  /** The row's name in its action menu's and selection box's labels. */
  rowName: (record: T) => string;
  rowActions?: (record: T) => RowAction[];
  /** Rendered above the table, e.g. its search field. */
  toolbar?: ReactNode;
};

const paginationControls = {
  first: MESSAGES.paginationFirst,
  previous: MESSAGES.paginationPrevious,
  next: MESSAGES.paginationNext,
  last: MESSAGES.paginationLast,
} as const;

function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" p="md" aria-busy="true" role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={22} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * The one list table of the app (mantine-datatable underneath): a skeleton while loading, the reason and a retry
 * button when loading failed, a Dutch empty text and paging, typed sort keys, optional row selection, rows that
 * open with a click or Enter, and every row's actions behind one '…' menu (see RowActionsMenu).
 */
export function ListTable<T, K extends string = never>({
  label,
  labelledBy,
  records,
  columns,
  loading,
  fetching = false,
  error,
  onRetry,
  emptyText,
  idAccessor,
  sort,
  paging,
  selection,
  onOpen,
  openLabel,
  rowName,
  rowActions,
  toolbar,
}: ListTableProps<T, K>) {
  const phone = useMedia(PHONE);
  // Rows that arrive where none were shown (a screen's first data, a search that found nothing before) render in a
  // transition: React renders them in slices of a few ms instead of one long task when the answer comes in, and the
  // skeleton stays until they are there. A change of rows already shown (a sort, another page) renders at once, as
  // does a list whose rows are there when it mounts (docs/decisions/0093).
  const hasRows = (records?.length ?? 0) > 0;
  const rowsReady = useDeferredValue(hasRows);
  const rowsComing = hasRows && !rowsReady;
  if (error) return <LoadError error={error} onRetry={onRetry} />;

  const shown: DataTableColumn<T>[] = columns.map(({ priority = 1, onCards: _, ...column }) => ({
    ...column,
    visibleMediaQuery: column.visibleMediaQuery ?? VISIBLE_FROM[priority],
  }));
  if (rowActions)
    shown.push({
      accessor: '__actions',
      title: <VisuallyHidden>Acties</VisuallyHidden>,
      textAlign: 'right',
      width: 64,
      render: (record) => <RowActionsMenu name={rowName(record)} actions={rowActions(record)} />,
    });

  const rows = rowsComing ? [] : (records ?? []);
  const pagingProps = paging
    ? {
        page: paging.page,
        onPageChange: paging.onPageChange,
        totalRecords: paging.totalRecords,
        recordsPerPage: paging.perPage,
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
          MESSAGES.paginationText(from, to, totalRecords),
        getPaginationControlProps: (control: keyof typeof paginationControls) => ({
          'aria-label': paginationControls[control],
        }),
      }
    : {};
  const selectionProps = selection
    ? {
        selectedRecords: selection.selected,
        onSelectedRecordsChange: selection.onChange,
        isRecordSelectable: selection.isSelectable
          ? (record: T) => selection.isSelectable?.(record) ?? true
          : undefined,
        allRecordsSelectionCheckboxProps: { 'aria-label': MESSAGES.selectAllRows },
        getRecordSelectionCheckboxProps: (record: T) => ({ 'aria-label': MESSAGES.rowSelect(rowName(record)) }),
      }
    : {};
  const sortProps = sort
    ? {
        sortStatus: sort.status,
        onSortStatusChange: (status: { columnAccessor: unknown; direction: 'asc' | 'desc' }) =>
          sort.onChange({ columnAccessor: status.columnAccessor as K, direction: status.direction }),
      }
    : {};
  const openProps = onOpen
    ? {
        onRowClick: ({ record }: { record: T }) => onOpen(record),
        rowStyle: () => ({ cursor: 'pointer' }),
        customRowAttributes: (record: T) => ({
          tabIndex: 0,
          'aria-label': openLabel?.(record),
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(record);
          },
        }),
      }
    : {};

  return (
    <Stack gap="sm" data-focus-fallback tabIndex={-1} style={{ outline: 'none' }}>
      {toolbar}
      <Paper withBorder={!phone} bg={phone ? 'transparent' : undefined} radius="lg" style={{ overflow: 'hidden' }}>
        {(loading && rows.length === 0) || rowsComing ? (
          <TableSkeleton label={MESSAGES.listLoading} />
        ) : phone ? (
          <ListCards<T>
            label={label}
            labelledBy={labelledBy}
            records={rows}
            columns={[
              ...columns.filter((c) => (c.priority ?? 1) === 1 && !c.visibleMediaQuery && !c.onCards),
              ...columns.filter((c) => c.onCards),
            ]}
            idOf={(record, index) => (idAccessor ? String(record[idAccessor]) : String(index))}
            emptyText={emptyText}
            paging={paging}
            selection={selection}
            onOpen={onOpen}
            rowName={rowName}
            rowActions={rowActions}
          />
        ) : (
          <DataTable<T>
            aria-label={label}
            aria-labelledby={labelledBy}
            minHeight={rows.length ? undefined : 160}
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            fetching={fetching}
            loaderBackgroundBlur={1}
            records={rows}
            columns={shown}
            idAccessor={idAccessor}
            noRecordsText={emptyText}
            // On a narrow screen the table scrolls sideways inside its frame; the actions stay in view.
            pinLastColumn={Boolean(rowActions)}
            {...sortProps}
            {...pagingProps}
            {...selectionProps}
            {...openProps}
          />
        )}
      </Paper>
    </Stack>
  );
}

/**
 * A list's answer for what stands beside and below its table (a month's totals, a hint under the rows): undefined until
 * the table shows the answer's rows. `ListTable` renders rows that arrive where none were in a transition, a moment
 * after the answer (docs/decisions/0093); what a screen shows from the same answer goes with them through this, so it
 * does not appear under the skeleton first and get pushed down by the rows a frame later (a layout shift).
 */
export function useShownWithRows<D>(data: D | undefined): D | undefined {
  const ready = useDeferredValue(data !== undefined);
  return ready ? data : undefined;
}

/** Sorts in the browser by a typed key: `values` says, per sort key, what a record is compared by. */
// Built at the first sort, not when the list's chunk evaluates (docs/decisions/0089).
let nlCollator: Intl.Collator | undefined;
const dutch = () => (nlCollator ??= new Intl.Collator('nl', { numeric: true }));
export function sortRecords<T, K extends string>(
  records: readonly T[],
  status: ListSort<NoInfer<K>>,
  values: Record<K, (record: T) => string | number | boolean | null | undefined>,
): T[] {
  const value = values[status.columnAccessor];
  const collator = dutch();
  const sorted = [...records].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
    return collator.compare(String(x ?? ''), String(y ?? ''));
  });
  return status.direction === 'desc' ? sorted.reverse() : sorted;
}
