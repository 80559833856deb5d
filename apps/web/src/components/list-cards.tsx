import { MESSAGES } from '@ateliermarkt/contract';
import { Group, Pagination, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { type KeyboardEvent, memo, type ReactNode, useEffect, useState } from 'react';
import { CellCheckbox } from './cell-parts.tsx';
import type { ListPaging, ListSelection, ListTableProps } from './data-table.tsx';
import classes from './list-cards.module.css';
import { RowActionsMenu } from './row-actions-menu.tsx';

export type ListCardsProps<T> = Pick<
  ListTableProps<T>,
  'label' | 'labelledBy' | 'onOpen' | 'rowName' | 'rowActions'
> & {
  records: T[];
  columns: DataTableColumn<T>[];
  idOf: (record: T, index: number) => string;
  emptyText: string;
  paging?: ListPaging;
  selection?: ListSelection<T>;
};

function cell<T>(column: DataTableColumn<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  const value = (record as Record<string, unknown>)[column.accessor as string];
  return value === null || value === undefined ? '—' : String(value);
}

/** Cards in a list's first render on a phone: more than a phone's screen holds below the screen's heading. */
const FIRST_CARDS = 6;
/** Cards added per later task. */
const MORE_CARDS = 7;

/**
 * How many of `total` cards to render: the first few at once, the rest a few per task after it. A page of 25 cards in
 * one render was one of the longest tasks of the lists on a phone (docs/decisions/0089); the cards below the first
 * screenful now follow in tasks of their own, before anyone can scroll to them. A list that is already complete
 * (another page, another sort) renders whole.
 */
function useCardsShown(total: number): number {
  const [shown, setShown] = useState(FIRST_CARDS);
  useEffect(() => {
    if (shown >= total) return;
    const next = setTimeout(() => setShown(shown + MORE_CARDS));
    return () => clearTimeout(next);
  }, [shown, total]);
  return Math.min(shown, total);
}

/**
 * The list on a phone: one card per row instead of a table that scrolls sideways. The first column is the card's
 * title, the other columns that always show (priority 1) stand under it with their titles, the '…' menu top right.
 */
export function ListCards<T>({
  label,
  labelledBy,
  records,
  columns,
  idOf,
  emptyText,
  paging,
  selection,
  onOpen,
  rowName,
  rowActions,
}: ListCardsProps<T>) {
  const shown = useCardsShown(records.length);
  if (records.length === 0)
    return (
      <Text c="dimmed" ta="center" p="xl">
        {emptyText}
      </Text>
    );
  const pages = paging ? Math.max(1, Math.ceil(paging.totalRecords / paging.perPage)) : 1;
  const from = paging ? (paging.page - 1) * paging.perPage + 1 : 1;

  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        gap="sm"
        m={0}
        p={0}
        aria-label={label}
        aria-labelledby={labelledBy}
        style={{ listStyle: 'none' }}
      >
        {records.slice(0, shown).map((record, index) => (
          <ListCard<T>
            key={idOf(record, index)}
            record={record}
            index={index}
            columns={columns}
            selected={selection?.selected.includes(record) ?? false}
            selection={selection}
            onOpen={onOpen}
            rowName={rowName}
            rowActions={rowActions}
          />
        ))}
      </Stack>
      {paging && pages > 1 && (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {MESSAGES.paginationText(from, from + records.length - 1, paging.totalRecords)}
          </Text>
          <Pagination
            size="sm"
            total={pages}
            value={paging.page}
            onChange={paging.onPageChange}
            getControlProps={(control) => ({
              'aria-label': control === 'next' ? MESSAGES.paginationNext : MESSAGES.paginationPrevious,
            })}
            withPages={false}
          />
        </Group>
      )}
    </Stack>
  );
}

type ListCardProps<T> = Pick<ListCardsProps<T>, 'columns' | 'selection' | 'onOpen' | 'rowName' | 'rowActions'> & {
  record: T;
  index: number;
  selected: boolean;
};

/**
 * One card; memoised, so the cards already there do not render again when the next ones are added. Plain elements
 * with the module's classes, drawn as Mantine's Paper, Group, Text and Box drew them: a page of cards is up to 25 of
 * these with five to eight fields each, and each Mantine component resolves its props, classes and style props on
 * every render (docs/decisions/0091).
 */
const ListCard = memo(function ListCard<T>({
  record,
  index,
  columns,
  selected,
  selection,
  onOpen,
  rowName,
  rowActions,
}: ListCardProps<T>) {
  const [first, ...rest] = columns;
  const open = onOpen ? () => onOpen(record) : undefined;
  return (
    <li
      className={classes.card}
      data-opens={open ? '' : undefined}
      tabIndex={open ? 0 : undefined}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => {
        if (open && event.key === 'Enter' && event.target === event.currentTarget) open();
      }}
    >
      <div className={classes.head}>
        {selection && (
          // biome-ignore lint/a11y/noStaticElementInteractions: only keeps the box's click from the card
          <div onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
            <CellCheckbox
              aria-label={MESSAGES.rowSelect(rowName(record))}
              checked={selected}
              disabled={selection.isSelectable ? !selection.isSelectable(record) : false}
              onChange={() =>
                selection.onChange(
                  selected ? selection.selected.filter((r) => r !== record) : [...selection.selected, record],
                )
              }
            />
          </div>
        )}
        <div className={classes.title}>{first && cell(first, record, index)}</div>
        {rowActions && <RowActionsMenu name={rowName(record)} actions={rowActions(record)} />}
      </div>
      {rest.length > 0 && (
        <div className={classes.fields}>
          {rest.map((column) => (
            <div key={String(column.accessor)}>
              <p className={classes.fieldTitle}>{column.title ?? String(column.accessor)}</p>
              <div className={classes.fieldValue}>{cell(column, record, index)}</div>
            </div>
          ))}
        </div>
      )}
    </li>
  );
}) as <T>(props: ListCardProps<T>) => ReactNode;
