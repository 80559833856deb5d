import {
  formatEuro,
  MESSAGES,
  mayChangeProduct,
  type ProductAvailability,
  type ProductListItem,
  type ProductPage,
  type ProductSortField,
  productAvailabilityOf,
  type RoleKind,
} from '@ateliermarkt/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CellAvatar, CellBadge } from '../../../components/cell-parts.tsx';
import { type ColumnPriority, ListTable, useColumnShown } from '../../../components/data-table.tsx';
import { IconCopy, IconEye, IconEyeOff, IconPencil, IconTrash } from '../../../components/icons.tsx';
import type { RowAction } from '../../../components/row-actions-menu.tsx';
import { ProductBulkBar } from './product-bulk-bar.tsx';
import { ProductFilters, type ProductFiltersProps } from './product-filters.tsx';
import { isFiltered, type ProductListState } from './product-list-params.ts';
import classes from './product-table.module.css';
import { useProductActions } from './use-product-actions.tsx';

export type ProductTableProps = {
  /** The page the server answered for `state`. */
  page: ProductPage | undefined;
  loading: boolean;
  /** A new page, filter or order under way: the current page stays, with a loader over it. */
  fetching?: boolean;
  error?: unknown;
  onRetry?: () => void;
  kind: RoleKind;
  userId: string;
  /** Search, filters, order and page: the URL's (product-list-params.ts). */
  state: ProductListState;
  onChange: ProductFiltersProps['onChange'];
};

const STATE_BADGE: Record<ProductAvailability, { label: string; color: string }> = {
  available: { label: MESSAGES.productAvailable, color: 'teal' },
  reserved: { label: MESSAGES.productReserved, color: 'yellow' },
  sold: { label: MESSAGES.productSold, color: 'red' },
};

/** Rows per page; the server searches, filters, sorts and pages, so only these reach the browser. */
export const PRODUCTS_PER_PAGE = 25;

/**
 * The product table with search, filters, sorting, row click and the row actions a role may use. The
 * server answers one page of them. Columns give way as the screen narrows (code, views and who placed it first);
 * the product, its state, price and actions always stay.
 */
export function ProductTable({
  page,
  loading,
  fetching = false,
  error,
  onRetry = () => {},
  kind,
  userId,
  state,
  onChange,
}: ProductTableProps) {
  const navigate = useNavigate();
  const actions = useProductActions();
  const isAdmin = kind === 'workshopAdmin';
  // Chosen rows for the bulk actions; a plain user chooses among the own products only.
  const [selected, setSelected] = useState<ProductListItem[]>([]);
  const mayChange = (p: ProductListItem) => mayChangeProduct({ kind, userId }, p);
  // A plain user may change only the own products: 'Geplaatst door' takes the code's place on a laptop (issue
  // 27.9), and where the code's column has given way the code stands under the name.
  const codePriority: ColumnPriority = kind === 'user' ? 3 : 2;
  const codeShown = useColumnShown(codePriority);

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
    <ListTable<ProductListItem, ProductSortField>
      label="Producten"
      records={page?.items}
      idAccessor="id"
      loading={loading}
      fetching={fetching}
      error={error}
      onRetry={onRetry}
      emptyText={
        isFiltered(state) ? 'Geen producten gevonden met deze zoekopdracht of filters.' : 'Er zijn nog geen producten.'
      }
      sort={{ status: state.sort, onChange: (sort) => onChange({ ...state, sort, page: 1 }) }}
      paging={{
        page: state.page,
        onPageChange: (next) => onChange({ ...state, page: next }),
        totalRecords: page?.totalCount ?? 0,
        perPage: PRODUCTS_PER_PAGE,
      }}
      onOpen={open}
      rowName={(p) => p.name}
      rowActions={rowActions}
      selection={kind === 'superAdmin' ? undefined : { selected, onChange: setSelected, isSelectable: mayChange }}
      toolbar={
        <>
          <ProductFilters state={state} onChange={onChange} />
          <ProductBulkBar selected={selected} onClear={() => setSelected([])} mayPublish={isAdmin} />
        </>
      }
      columns={[
        { accessor: 'productNumber', title: 'Code', sortable: true, width: 110, priority: codePriority },
        {
          accessor: 'name',
          title: 'Naam',
          sortable: true,
          render: (p) => (
            <div className={classes.name}>
              <CellAvatar src={p.productImage?.thumbnail} />
              <div className={classes.lines}>
                <p className={classes.title}>{p.name}</p>
                {!codeShown && <p className={classes.detail}>{p.productNumber}</p>}
                {!p.isUniqueEdition && <p className={classes.detail}>{MESSAGES.productStock(p.quantity)}</p>}
              </div>
            </div>
          ),
        },
        { accessor: 'viewCount', title: 'Bekeken', sortable: true, textAlign: 'right', width: 100, priority: 3 },
        {
          accessor: 'creatorFullName',
          title: 'Geplaatst door',
          sortable: true,
          width: 150,
          priority: kind === 'user' ? 2 : 3,
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
          onCards: true,
          render: (p) => (
            <CellBadge variant="light" color={p.isPublished ? 'green' : 'gray'}>
              {p.isPublished ? 'Ja' : 'Nee'}
            </CellBadge>
          ),
        },
        {
          accessor: 'state',
          title: 'Status',
          sortable: true,
          width: 160,
          render: (p) => {
            const badge = STATE_BADGE[productAvailabilityOf(p)];
            return (
              <CellBadge variant="dot" color={badge.color}>
                {badge.label}
              </CellBadge>
            );
          },
        },
      ]}
    />
  );
}
