import {
  API_BASE,
  endpoints,
  errorEnvelopeSchema,
  IMAGE_UPLOAD_FIELD,
  type Image,
  imageSchema,
  MESSAGES,
} from '@ateliermarkt/contract';
import { ApiError, envelopeOf, NETWORK_ERROR_STATUS } from './api-client.ts';
import { session } from './session.ts';

export type UploadImageOptions = {
  /** Called with 0..1 while the file is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

function failure(status: number, body: unknown): ApiError {
  const parsed = errorEnvelopeSchema.safeParse(body);
  return new ApiError(status, parsed.success ? parsed.data : envelopeOf(MESSAGES.imageUploadFailed));
}

/**
 * Uploads one image to `POST /api/images` (field `formFile`) with progress: fetch cannot report upload progress,
 * so this is the one place that uses XMLHttpRequest.
 */
export function uploadImage(file: File, options: UploadImageOptions = {}): Promise<Image> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoints.uploadImage.method, `${API_BASE}${endpoints.uploadImage.path}`);
    const token = session.get()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = imageSchema.safeParse(xhr.response);
        if (parsed.success) {
          options.onProgress?.(1);
          resolve(parsed.data);
        } else reject(failure(xhr.status, null));
      } else reject(failure(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(failure(NETWORK_ERROR_STATUS, null));
    xhr.onabort = () => reject(new ApiError(NETWORK_ERROR_STATUS, envelopeOf(MESSAGES.imageUploadFailed, 'Aborted')));
    options.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append(IMAGE_UPLOAD_FIELD, file);
    xhr.send(form);
  });
}
