import type { RoleKind } from '@ateliermarkt/contract';
import { useSearchParams } from 'react-router';
import { useProductPage } from '../api/get-products.ts';
import { type ProductListState, productListParams, readProductListParams } from './product-list-params.ts';
import { PRODUCTS_PER_PAGE, ProductTable } from './product-table.tsx';

export type ProductListProps = { kind: RoleKind; userId: string };

/**
 * The overview's table bound to the URL: search, filters, order and page are read from it and written to it
 * (a reload or a shared link shows the same list), and the server answers that one page.
 */
export function ProductList({ kind, userId }: ProductListProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readProductListParams(searchParams);
  const products = useProductPage({
    skipCount: (state.page - 1) * PRODUCTS_PER_PAGE,
    maxResultCount: PRODUCTS_PER_PAGE,
    sorting: { field: state.sort.columnAccessor, direction: state.sort.direction },
    search: state.search || undefined,
    published: state.published,
    availability: state.availability,
    categoryId: state.categoryId,
  });
  const change = (next: ProductListState, options?: { replace: boolean }) =>
    setSearchParams(productListParams(next), { replace: options?.replace ?? false });
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
