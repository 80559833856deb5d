import { queryKeysFactory } from '../../../lib/query-keys.ts';

/** Query keys of the content feature, one factory per domain. */
export const resourcesKeys = queryKeysFactory('resources');
export const subcategoriesKeys = queryKeysFactory('subcategories');
export const pagesKeys = queryKeysFactory('pages');
export const faqKeys = queryKeysFactory('faq');
