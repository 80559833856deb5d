import { formatEuro, MESSAGES, mayChangeProduct, type ProductListItem, type RoleKind } from '@ateliermarkt/contract';
import { Avatar, Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { type ListSort, ListTable, sortRecords } from '../../../components/data-table.tsx';
import { IconCopy, IconEye, IconEyeOff, IconPencil, IconSearch, IconTrash } from '../../../components/icons.tsx';
import type { RowAction } from '../../../components/row-actions-menu.tsx';
import { ProductBulkBar } from './product-bulk-bar.tsx';
import { useProductActions } from './use-product-actions.tsx';

export type ProductTableProps = {
  products: ProductListItem[] | undefined;
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
  kind: RoleKind;
  userId: string;
};

type SortKey = 'productNumber' | 'name' | 'viewCount' | 'creatorFullName' | 'price' | 'isPublished' | 'state';

/** Sold, reserved (waiting for payment somewhere) or available: the one state a row shows. */
type ProductState = 'available' | 'reserved' | 'sold';
const stateOf = (p: ProductListItem): ProductState => (p.isSold ? 'sold' : p.isReserved ? 'reserved' : 'available');
const STATE_BADGE: Record<ProductState, { label: string; color: string; order: number }> = {
  available: { label: MESSAGES.productAvailable, color: 'teal', order: 0 },
  reserved: { label: MESSAGES.productReserved, color: 'yellow', order: 1 },
  sold: { label: MESSAGES.productSold, color: 'red', order: 2 },
};

/**
 * Rows per page. The overview holds up to 999 products; all of them in the DOM at once took seconds to render and
 * to re-sort (npm run bench:web), one page of them does not.
 */
export const PRODUCTS_PER_PAGE = 25;

/**
 * Spec 2.7: the product table with searching, sorting, row click and the row actions a role may use. Search and
 * sorting run over every product in the browser; the table shows one page of the result. Columns give way as the
 * screen narrows (code, views and who placed it first); the product, its state, price and actions always stay.
 */
export function ProductTable({ products, loading, error, onRetry = () => {}, kind, userId }: ProductTableProps) {
  const navigate = useNavigate();
  const actions = useProductActions();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 150);
  const [sort, setSort] = useState<ListSort<SortKey>>({ columnAccessor: 'productNumber', direction: 'desc' });
  const isAdmin = kind === 'workshopAdmin';
  // Chosen rows for the bulk actions (issue 15.4); a plain user chooses among the own products only.
  const [selected, setSelected] = useState<ProductListItem[]>([]);
  const mayChange = (p: ProductListItem) => mayChangeProduct({ kind, userId }, p);
  // Back to the first page when the search or the sorting changes.
  const [paging, setPaging] = useState({ page: 1, debounced, sort });
  const page = paging.debounced === debounced && paging.sort === sort ? paging.page : 1;

  const matching = useMemo(() => {
    const q = debounced.trim().toLowerCase();
    const filtered = (products ?? []).filter(
      (p) =>
        !q ||
        p.name.toLowerCase().includes(q) ||
        p.productNumber.toLowerCase().includes(q) ||
        (p.creatorFullName ?? '').toLowerCase().includes(q),
    );
    return sortRecords(filtered, sort, {
      productNumber: (p) => p.productNumber,
      name: (p) => p.name,
      viewCount: (p) => p.viewCount,
      creatorFullName: (p) => p.creatorFullName,
      price: (p) => p.price,
      isPublished: (p) => p.isPublished,
      state: (p) => STATE_BADGE[stateOf(p)].order,
    });
  }, [products, debounced, sort]);
  const records = useMemo(
    () => matching.slice((page - 1) * PRODUCTS_PER_PAGE, page * PRODUCTS_PER_PAGE),
    [matching, page],
  );

  const open = (p: ProductListItem) => navigate(isAdmin ? `/product/admin-detail/${p.id}` : `/product/detail/${p.id}`);
  const rowActions = (p: ProductListItem): RowAction[] => {
    const refused = mayChange(p) ? undefined : MESSAGES.productNotYours;
    return [
      {
        label: MESSAGES.edit,
        icon: <IconPencil />,
        disabledReason: refused,
        onClick: () => navigate(`/product/edit/${p.id}`),
      },
      ...(isAdmin
        ? [
            {
              label: p.isPublished ? 'Offline halen' : 'Publiceren',
              icon: p.isPublished ? <IconEyeOff /> : <IconEye />,
              onClick: () => actions.confirmPublish(p),
            },
            { label: 'Kopiëren', icon: <IconCopy />, onClick: () => actions.confirmCopy(p) },
          ]
        : []),
      {
        label: MESSAGES.delete,
        icon: <IconTrash />,
        destructive: true,
        disabledReason: refused,
        onClick: () => actions.confirmDelete(p),
      },
    ];
  };

  return (
    <ListTable<ProductListItem, SortKey>
      label="Producten"
      records={records}
      idAccessor="id"
      loading={loading}
      error={error}
      onRetry={onRetry}
      emptyText={debounced ? 'Geen producten gevonden voor deze zoekopdracht.' : 'Er zijn nog geen producten.'}
      sort={{ status: sort, onChange: setSort }}
      paging={{
        page,
        onPageChange: (next) => setPaging({ page: next, debounced, sort }),
        totalRecords: matching.length,
        perPage: PRODUCTS_PER_PAGE,
      }}
      onOpen={open}
      rowName={(p) => p.name}
      rowActions={rowActions}
      selection={kind === 'superAdmin' ? undefined : { selected, onChange: setSelected, isSelectable: mayChange }}
      toolbar={
        <>
          <TextInput
            label="Zoeken"
            placeholder="Zoek op code, naam of geplaatst door"
            leftSection={<IconSearch />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            maw={420}
          />
          <ProductBulkBar selected={selected} onClear={() => setSelected([])} mayPublish={isAdmin} />
        </>
      }
      columns={[
        { accessor: 'productNumber', title: 'Code', sortable: true, width: 110, priority: 2 },
        {
          accessor: 'name',
          title: 'Naam',
          sortable: true,
          render: (p) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar src={p.productImage?.thumbnail} alt="" radius="sm" size={36} />
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {p.name}
                </Text>
                {/* The code column gives way on a phone: the code then stands under the name. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {p.productNumber}
                </Text>
              </Stack>
            </Group>
          ),
        },
        { accessor: 'viewCount', title: 'Bekeken', sortable: true, textAlign: 'right', width: 100, priority: 3 },
        {
          accessor: 'creatorFullName',
          title: 'Geplaatst door',
          sortable: true,
          width: 150,
          priority: 3,
          render: (p) => p.creatorFullName ?? '—',
        },
        {
          accessor: 'price',
          title: 'Prijs',
          sortable: true,
          textAlign: 'right',
          width: 100,
          noWrap: true,
          render: (p) => formatEuro(p.price),
        },
        {
          accessor: 'isPublished',
          title: 'Gepubliceerd',
          sortable: true,
          width: 150,
          priority: 2,
          render: (p) => (
            <Badge variant="light" color={p.isPublished ? 'green' : 'gray'} tt="none">
              {p.isPublished ? 'Ja' : 'Nee'}
            </Badge>
          ),
        },
        {
          accessor: 'state',
          title: 'Status',
          sortable: true,
          width: 160,
          render: (p) => {
            const badge = STATE_BADGE[stateOf(p)];
            return (
              <Badge variant="dot" color={badge.color} tt="none">
                {badge.label}
              </Badge>
            );
          },
        },
      ]}
    />
  );
}
