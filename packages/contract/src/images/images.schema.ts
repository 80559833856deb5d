import { z } from 'zod';
import { uuid } from '../common/fields.ts';

/** An uploaded image (Image): the URLs of its three variants. The editor inserts `fileOriginal`. */
export const imageSchema = z.object({
  id: z.string(),
  fileOriginal: z.string(),
  fileMedium: z.string(),
  thumbnail: z.string(),
});
export type Image = z.infer<typeof imageSchema>;

/**
 * An image in a PUT or POST: the image as GET returned it (or `POST images` answered it), or just its id. The id
 * says which image; URLs that are sent must be the server's own (they cannot be changed).
 */
export const imageRefSchema = z.strictObject({
  id: uuid,
  fileOriginal: z.string().optional(),
  fileMedium: z.string().optional(),
  thumbnail: z.string().optional(),
});
export type ImageRef = z.input<typeof imageRefSchema>;

/** The upload field name of `POST /api/images`. */
export const IMAGE_UPLOAD_FIELD = 'formFile';
/**
 * The multipart/form-data body of `POST /api/images`: one JPEG or PNG file of at most 4 MB in `formFile`. The server
 * reads the stream itself; this is the shape the OpenAPI document gives.
 */
export const imageUploadFormSchema = z.object({
  [IMAGE_UPLOAD_FIELD]: z.string().meta({ format: 'binary', description: 'Een JPG- of PNG-bestand, hoogstens 4 MB' }),
});

/** Widths of the re-encoded variants. */
export const IMAGE_MEDIUM_WIDTH = 800;
export const IMAGE_THUMBNAIL_WIDTH = 200;
/** Largest accepted image in pixels (width × height): a decompression bomb is refused before it is decoded. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Where the server serves image variants: `{PUBLIC_URL}/uploads/images/{id}/{variant}.{jpg|png}`. */
export const IMAGE_URL_PATH = '/uploads/images/';
