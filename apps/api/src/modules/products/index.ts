/** The products module's public file: what other modules may use (docs/decisions/0025). */
export { imageOrNull, likePattern, workspaceName } from './product-queries.ts';
/** The one `.xlsx` writer (formula-like text neutralised), also for the Logboek's export. */
export { writeXlsx } from './sheet-files.ts';
