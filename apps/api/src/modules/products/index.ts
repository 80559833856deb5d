/** The products module's public file: what other modules may use (docs/decisions/0025). */
export { likePattern } from './featured.service.ts';
export { imageOrNull, workspaceName } from './product-queries.ts';
