import { endpoints } from '@ateliermarkt/contract';
import { api } from '../../../lib/api-client.ts';

/** Removes an uploaded image that was never saved with the workshop (DELETE images/{id}). */
export function deleteImage(id: string): Promise<void> {
  return api(endpoints.deleteImage, { params: { id } });
}
