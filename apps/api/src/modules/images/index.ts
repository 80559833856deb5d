/** The images module's public file: what other modules may use (docs/decisions/0025). */
export { type EncodedImage, encodeImage, inspectImage } from './image-files.ts';
export {
  deleteImages,
  imagesByIds,
  insertImage,
  quotaExceeded,
  RELATIVE_TO_APP,
  storageUsed,
  storedSize,
  toImage,
} from './images.service.ts';
