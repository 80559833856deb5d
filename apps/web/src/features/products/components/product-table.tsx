import { formatEuro, mayChangeProduct, type ProductListItem, type RoleKind } from '@ateliermarkt/contract';
import { ActionIcon, Badge, Group, Stack, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { IconCopy, IconEye, IconEyeOff, IconPencil, IconSearch, IconTrash } from '../../../components/icons.tsx';
import { dutchPagination } from '../../../lib/datatable-pagination.ts';
import { useProductActions } from './use-product-actions.tsx';

export type ProductTableProps = {
  products: ProductListItem[] | undefined;
  loading: boolean;
  kind: RoleKind;
  userId: string;
};

type SortKey = 'productNumber' | 'name' | 'viewCount' | 'creatorFullName' | 'price' | 'isPublished' | 'isSold';

// One collator for every comparison: String.localeCompare with a locale builds one per call, which made sorting
// 999 products take hundreds of milliseconds.
const collator = new Intl.Collator('nl', { numeric: true });

function compare(a: ProductListItem, b: ProductListItem, key: SortKey): number {
  const x = a[key];
  const y = b[key];
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  return collator.compare(String(x ?? ''), String(y ?? ''));
}

/**
 * Rows per page. The overview holds up to 999 products; all of them in the DOM at once (each with its action
 * buttons and tooltips) took seconds to render and to re-sort (npm run bench:web), one page of them does not.
 */
export const PRODUCTS_PER_PAGE = 25;

/**
 * Spec 2.7: the product table with searching, sorting, row click and the row actions a role may use. Search and
 * sorting run over every product in the browser; the table shows one page of the result.
 */
export function ProductTable({ products, loading, kind, userId }: ProductTableProps) {
  const navigate = useNavigate();
  const actions = useProductActions();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 150);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<ProductListItem>>({
    columnAccessor: 'productNumber',
    direction: 'desc',
  });
  const isAdmin = kind === 'workshopAdmin';
  // Back to the first page when the search or the sorting changes.
  const [paging, setPaging] = useState({ page: 1, debounced, sortStatus });
  const page = paging.debounced === debounced && paging.sortStatus === sortStatus ? paging.page : 1;

  const matching = useMemo(() => {
    const q = debounced.trim().toLowerCase();
    const filtered = (products ?? []).filter(
      (p) =>
        !q ||
        p.name.toLowerCase().includes(q) ||
        p.productNumber.toLowerCase().includes(q) ||
        (p.creatorFullName ?? '').toLowerCase().includes(q),
    );
    const key = sortStatus.columnAccessor as SortKey;
    const sorted = [...filtered].sort((a, b) => compare(a, b, key));
    return sortStatus.direction === 'desc' ? sorted.reverse() : sorted;
  }, [products, debounced, sortStatus]);
  const records = useMemo(
    () => matching.slice((page - 1) * PRODUCTS_PER_PAGE, page * PRODUCTS_PER_PAGE),
    [matching, page],
  );

  const open = (p: ProductListItem) => navigate(isAdmin ? `/product/admin-detail/${p.id}` : `/product/detail/${p.id}`);

  return (
    <Stack gap="sm">
      <TextInput
        label="Zoeken"
        placeholder="Zoek op code, naam of geplaatst door"
        leftSection={<IconSearch />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        maw={420}
      />
      <DataTable<ProductListItem>
        withTableBorder
        borderRadius="md"
        highlightOnHover
        striped
        minHeight={records.length ? undefined : 180}
        fetching={loading}
        loaderBackgroundBlur={1}
        records={records}
        idAccessor="id"
        noRecordsText={debounced ? 'Geen producten gevonden voor deze zoekopdracht.' : 'Er zijn nog geen producten.'}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        totalRecords={matching.length}
        recordsPerPage={PRODUCTS_PER_PAGE}
        page={page}
        onPageChange={(next) => setPaging({ page: next, debounced, sortStatus })}
        {...dutchPagination}
        onRowClick={({ record }) => open(record)}
        rowStyle={() => ({ cursor: 'pointer' })}
        aria-label="Producten"
        columns={[
          { accessor: 'productNumber', title: 'Code', sortable: true, width: 110 },
          {
            accessor: 'name',
            title: 'Naam',
            sortable: true,
            render: (p) => (
              <Text size="sm" fw={600}>
                {p.name}
              </Text>
            ),
          },
          { accessor: 'viewCount', title: 'Bekeken', sortable: true, textAlign: 'right', width: 100 },
          {
            accessor: 'creatorFullName',
            title: 'Geplaatst door',
            sortable: true,
            render: (p) => p.creatorFullName ?? '—',
          },
          { accessor: 'price', title: 'Prijs', sortable: true, textAlign: 'right', render: (p) => formatEuro(p.price) },
          {
            accessor: 'isPublished',
            title: 'Gepubliceerd',
            sortable: true,
            render: (p) => (
              <Badge variant="light" color={p.isPublished ? 'green' : 'gray'}>
                {p.isPublished ? 'Ja' : 'Nee'}
              </Badge>
            ),
          },
          {
            accessor: 'isSold',
            title: 'Status',
            sortable: true,
            // Room for 'Niet verkocht' in full: a squeezed badge cuts its text off.
            width: 180,
            render: (p) => (
              <Badge variant="dot" color={p.isSold ? 'red' : 'teal'}>
                {p.isSold ? 'Verkocht' : 'Niet verkocht'}
              </Badge>
            ),
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>Acties</VisuallyHidden>,
            textAlign: 'right',
            render: (p) => {
              const mayChange = mayChangeProduct({ kind, userId }, p);
              if (!mayChange) return null;
              return (
                <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
                  <Tooltip label="Wijzigen">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${p.name} wijzigen`}
                      onClick={() => navigate(`/product/edit/${p.id}`)}
                    >
                      <IconPencil />
                    </ActionIcon>
                  </Tooltip>
                  {isAdmin && (
                    <Tooltip label={p.isPublished ? 'Offline halen' : 'Publiceren'}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${p.name} ${p.isPublished ? 'offline halen' : 'publiceren'}`}
                        onClick={() => actions.confirmPublish(p)}
                      >
                        {p.isPublished ? <IconEyeOff /> : <IconEye />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {isAdmin && (
                    <Tooltip label="Kopiëren">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`${p.name} kopiëren`}
                        onClick={() => actions.confirmCopy(p)}
                      >
                        <IconCopy />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  <Tooltip label="Verwijderen">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${p.name} verwijderen`}
                      onClick={() => actions.confirmDelete(p)}
                    >
                      <IconTrash />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            },
          },
        ]}
      />
    </Stack>
  );
}
