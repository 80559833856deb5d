/**
 * The product overview's search, filters, sort and page as URL parameters: a reload or a shared link
 * shows the same list. Dutch names and values; what the URL does not name is the default, and a value this screen
 * does not know is ignored (the default again).
 */
import { PRODUCT_SORT_FIELDS, type ProductAvailability, type ProductSortField } from '@ateliermarkt/contract';
import type { ListSort } from '../../../components/data-table.tsx';

export type ProductListState = {
  search: string;
  published: boolean | undefined;
  availability: ProductAvailability | undefined;
  categoryId: string | undefined;
  sort: ListSort<ProductSortField>;
  page: number;
};

export const DEFAULT_PRODUCT_SORT: ListSort<ProductSortField> = { columnAccessor: 'productNumber', direction: 'desc' };

export const PRODUCT_LIST_PARAMS = {
  search: 'zoek',
  published: 'gepubliceerd',
  availability: 'status',
  categoryId: 'categorie',
  sort: 'sorteer',
  page: 'pagina',
} as const;

const PUBLISHED = { ja: true, nee: false } as const;
const AVAILABILITY_PARAM: Record<ProductAvailability, string> = {
  available: 'beschikbaar',
  reserved: 'gereserveerd',
  sold: 'verkocht',
};
const DIRECTION = { asc: 'oplopend', desc: 'aflopend' } as const;

const keyOf = <V extends string>(map: Record<string, V>, value: string | null): string | undefined =>
  Object.entries(map).find(([, v]) => v === value)?.[0];

function readSort(value: string | null): ListSort<ProductSortField> {
  const [field, direction] = (value ?? '').split('-');
  const known = PRODUCT_SORT_FIELDS.find((f) => f === field);
  const dir = keyOf(DIRECTION, direction ?? null) as 'asc' | 'desc' | undefined;
  return known && dir ? { columnAccessor: known, direction: dir } : DEFAULT_PRODUCT_SORT;
}

export function readProductListParams(params: URLSearchParams): ProductListState {
  const published = params.get(PRODUCT_LIST_PARAMS.published);
  const page = Number(params.get(PRODUCT_LIST_PARAMS.page));
  return {
    search: params.get(PRODUCT_LIST_PARAMS.search)?.trim() ?? '',
    published: published === 'ja' || published === 'nee' ? PUBLISHED[published] : undefined,
    availability: keyOf(AVAILABILITY_PARAM, params.get(PRODUCT_LIST_PARAMS.availability)) as
      | ProductAvailability
      | undefined,
    categoryId: params.get(PRODUCT_LIST_PARAMS.categoryId) || undefined,
    sort: readSort(params.get(PRODUCT_LIST_PARAMS.sort)),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL parameters of a state; defaults are left out, so the plain overview keeps a plain URL. */
export function productListParams(state: ProductListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set(PRODUCT_LIST_PARAMS.search, state.search.trim());
  if (state.published !== undefined) params.set(PRODUCT_LIST_PARAMS.published, state.published ? 'ja' : 'nee');
  if (state.availability) params.set(PRODUCT_LIST_PARAMS.availability, AVAILABILITY_PARAM[state.availability]);
  if (state.categoryId) params.set(PRODUCT_LIST_PARAMS.categoryId, state.categoryId);
  const { columnAccessor, direction } = state.sort;
  if (columnAccessor !== DEFAULT_PRODUCT_SORT.columnAccessor || direction !== DEFAULT_PRODUCT_SORT.direction)
    params.set(PRODUCT_LIST_PARAMS.sort, `${columnAccessor}-${DIRECTION[direction]}`);
  if (state.page > 1) params.set(PRODUCT_LIST_PARAMS.page, String(state.page));
  return params;
}

/** Whether the list is narrowed: then 'no products' means 'none match', and the filters can be cleared. */
export const isFiltered = (state: ProductListState) =>
  Boolean(state.search || state.published !== undefined || state.availability || state.categoryId);
