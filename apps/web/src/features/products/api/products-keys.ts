import { queryKeysFactory } from '../../../lib/query-keys.ts';
import type { ProductPageRequest } from './get-products.ts';

/** The lists of products: a page of the own overview, the featured ones, a search by name. */
export type ProductsListQuery = ProductPageRequest | { featured: true } | { search: string };

/** Query keys of the products feature, one factory per domain. */
export const productsKeys = queryKeysFactory<'products', ProductsListQuery>('products');
export const mainCategoriesKeys = queryKeysFactory('main-categories');
export const customCategoriesKeys = queryKeysFactory('custom-categories');
/** The server's settings: one record, so only `all`. */
export const settingsKeys = queryKeysFactory('settings');
