/**
 * The product overview's search, filters, sort and page in its address (components/list-state.ts): a reload or a
 * shared link shows the same list. `zoek`, `gepubliceerd=ja|nee`, `status=beschikbaar|gereserveerd|verkocht`,
 * `categorie`, `sorteer=prijs-aflopend`, `pagina`.
 */
import {
  PRODUCT_SEARCH_MAX,
  type ProductAvailability,
  type ProductSortField,
  productListQuerySchema,
} from '@ateliermarkt/contract';
import type { ListSort } from '../../../components/data-table.tsx';
import {
  choiceParam,
  defineList,
  type ListStateOf,
  pageParam,
  schemaParam,
  sortParam,
  textParam,
} from '../../../components/list-state.ts';

const DEFAULT_PRODUCT_SORT: ListSort<ProductSortField> = { columnAccessor: 'productNumber', direction: 'desc' };

const COLUMNS: Record<string, ProductSortField> = {
  code: 'productNumber',
  naam: 'name',
  bekeken: 'viewCount',
  maker: 'creatorFullName',
  prijs: 'price',
  gepubliceerd: 'isPublished',
  status: 'state',
};

const AVAILABILITY: Record<string, ProductAvailability> = {
  beschikbaar: 'available',
  gereserveerd: 'reserved',
  verkocht: 'sold',
};

export const PRODUCT_LIST = defineList({
  search: textParam('zoek', PRODUCT_SEARCH_MAX),
  published: choiceParam<boolean, undefined>('gepubliceerd', { ja: true, nee: false }, undefined),
  availability: choiceParam<ProductAvailability, undefined>('status', AVAILABILITY, undefined),
  categoryId: schemaParam('categorie', productListQuerySchema.shape.categoryId.unwrap()),
  sort: sortParam(COLUMNS, DEFAULT_PRODUCT_SORT),
  page: pageParam(),
});

export type ProductListState = ListStateOf<typeof PRODUCT_LIST>;

/** Whether the list is narrowed: then 'no products' means 'none match', and the filters can be cleared. */
export const isFiltered = (state: ProductListState) =>
  Boolean(state.search.trim() || state.published !== undefined || state.availability || state.categoryId);
