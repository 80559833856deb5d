import type { RoleKind } from '@ateliermarkt/contract';
import { useListState } from '../../../components/list-state.ts';
import { useProductPage } from '../api/get-products.ts';
import { PRODUCT_LIST } from './product-list-params.ts';
import { PRODUCTS_PER_PAGE, ProductTable } from './product-table.tsx';

export type ProductListProps = { kind: RoleKind; userId: string };

/**
 * The overview's table bound to the URL: search, filters, order and page are read from it and written to it
 * (a reload or a shared link shows the same list), and the server answers that one page.
 */
export function ProductList({ kind, userId }: ProductListProps) {
  const [state, change] = useListState(PRODUCT_LIST);
  const products = useProductPage({
    skipCount: (state.page - 1) * PRODUCTS_PER_PAGE,
    maxResultCount: PRODUCTS_PER_PAGE,
    sorting: { field: state.sort.columnAccessor, direction: state.sort.direction },
    search: state.search.trim() || undefined,
    published: state.published,
    availability: state.availability,
    categoryId: state.categoryId || undefined,
  });
  return (
    <ProductTable
      page={products.data}
      loading={products.isPending}
      fetching={products.isPlaceholderData}
      error={products.error}
      onRetry={() => products.refetch()}
      kind={kind}
      userId={userId}
      state={state}
      onChange={change}
    />
  );
}
