/**
 * The catalogue as a spreadsheet. The export downloads with the overview's filters; the import sends the
 * files with upload progress (XMLHttpRequest: fetch cannot report it), as a preview (`dryRun`) or for real.
 */
import {
  API_BASE,
  endpoints,
  errorEnvelopeSchema,
  IMPORT_FIELDS,
  type ImportResult,
  importResultSchema,
  MESSAGES,
  PRODUCT_EXPORT_FILES,
  type ProductListQuery,
} from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient, envelopeOf, NETWORK_ERROR_STATUS } from '../../../lib/api-client.ts';
import { session } from '../../../lib/session.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { productsKeys } from './products-keys.ts';

export type ExportKind = 'xlsx' | 'csv';

export function downloadProducts(kind: ExportKind, query: ProductListQuery) {
  const endpoint = kind === 'xlsx' ? endpoints.exportProductsXlsx : endpoints.exportProductsCsv;
  return apiClient.downloadFile(endpoint, { query }, PRODUCT_EXPORT_FILES[kind]);
}

export type ImportFiles = { file: File; photos: File | null };
export type ImportRequest = ImportFiles & {
  dryRun: boolean;
  /** The new custom categories the preview named: sent back, so the import may make them. */
  newCategories: string[];
  /** 0..1 while the files are sent; then the server checks every row. */
  onProgress?: (fraction: number) => void;
};

function failure(status: number, body: unknown): ApiError {
  const parsed = errorEnvelopeSchema.safeParse(body);
  return new ApiError(status, parsed.success ? parsed.data : envelopeOf(MESSAGES.generalError));
}

export function sendImport(request: ImportRequest): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoints.importProducts.method, `${API_BASE}${endpoints.importProducts.path}?dryRun=${request.dryRun}`);
    const token = session.get()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) request.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = importResultSchema.safeParse(xhr.response);
        if (parsed.success) resolve(parsed.data);
        else reject(failure(xhr.status, null));
      } else reject(failure(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(failure(NETWORK_ERROR_STATUS, null));
    const form = new FormData();
    form.append(IMPORT_FIELDS.newCategories, JSON.stringify(request.newCategories));
    form.append(IMPORT_FIELDS.file, request.file);
    if (request.photos) form.append(IMPORT_FIELDS.photos, request.photos);
    xhr.send(form);
  });
}

/** Sends the import; a real one (not a preview) makes the product lists stale. */
export function useImportProducts() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: sendImport,
    onSuccess: (result: ImportResult) => {
      if (result.imported) return queryClient.invalidateQueries({ queryKey: productsKeys.all });
      return undefined;
    },
  });
}
