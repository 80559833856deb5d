/** The categories module's public file: what other modules may use (docs/decisions/0025). */
export { categoriesByIds, ensureCustomCategories } from './categories.service.ts';
