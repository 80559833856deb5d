/** The products module's public file: what other modules may use (docs/decisions/0025). */

// The shop's product queries read the workshop name under this name.
export { workshopName as workspaceName } from '../../db/workshop-name.ts';
export { imageOrNull, likePattern } from './product-queries.ts';
/** The one `.xlsx` writer (formula-like text neutralised), also for the Logboek's export. */
export { writeXlsx } from './sheet-files.ts';
