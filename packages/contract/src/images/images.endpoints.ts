import { z } from 'zod';
import { endpoint, noContent } from '../endpoints/endpoint.ts';
import { imageSchema, imageUploadFormSchema } from './images.schema.ts';

/** Uploading and deleting images; the files themselves are served outside the API (IMAGE_URL_PATH). */
const tags = ['images'];

export const uploadImage = endpoint({
  method: 'POST',
  path: '/images',
  operationId: 'uploadImage',
  summary: 'Afbeelding uploaden (multipart, veld formFile; JPG of PNG, hoogstens 4 MB)',
  tags,
  access: 'authenticated',
  multipartBody: imageUploadFormSchema,
  response: { 200: imageSchema },
  errors: [400, 401, 404, 413, 415, 429],
});

export const deleteImage = endpoint({
  method: 'DELETE',
  path: '/images/:id',
  operationId: 'deleteImage',
  summary: 'Een afbeelding verwijderen',
  tags,
  access: 'authenticated',
  params: z.object({ id: z.uuid() }),
  response: { 204: noContent('Verwijderd') },
  errors: [400, 401, 403, 404],
});
