/** The images module's public file: what other modules may use (docs/decisions/0025). */
export { imagesByIds, RELATIVE_TO_APP, toImage } from './images.service.ts';
