/** The products module's public file: what other modules may use (docs/decisions/0025). */
export { imageOrNull, likePattern, workspaceName } from './product-queries.ts';
