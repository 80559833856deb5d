/**
 * The one way the web app calls the server. Adds the bearer token and JSON, and turns every failure into the
 * error envelope of DECISIONS.md, thrown as ApiError. A 401 on an authenticated call tries one refresh and
 * retries; when that fails the session ends ('expired'), which sends the user back to the log-in screen.
 */
import { API_BASE, type ErrorEnvelope, MESSAGES, TENANT_HEADER, type ValidationError } from '@ateliermarkt/contract';
import { loadFirstScreenSchemas } from './load-first-screen-schemas.ts';
import { session as defaultSession, type SessionStore } from './session.ts';
import type { SafeParseSchema } from './zod-resolver.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly details: string | null;
  readonly validationErrors: ValidationError[];
  readonly description: string | undefined;

  constructor(status: number, envelope: ErrorEnvelope) {
    super(envelope.error.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = envelope.error.code;
    this.details = envelope.error.details;
    this.validationErrors = envelope.error.validationErrors ?? [];
    this.description = envelope.description;
  }
}

export function envelopeOf(message: string, code: string | null = null): ErrorEnvelope {
  return { error: { code, message, details: null, validationErrors: null } };
}

/** Status 0: the server was not reached. */
export const NETWORK_ERROR_STATUS = 0;

function fallbackMessage(status: number): string {
  switch (status) {
    case 401:
      return MESSAGES.notLoggedIn;
    case 403:
      return MESSAGES.forbidden;
    case 404:
      return MESSAGES.notFound;
    case 409:
      return MESSAGES.conflict;
    case 413:
      return MESSAGES.bodyTooLarge;
    case 429:
      return MESSAGES.tooManyRequests;
    // Open set: any other HTTP status.
    default:
      return MESSAGES.generalError;
  }
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy error page, for instance): fall back to a message for the status.
  }
  const { errorEnvelopeSchema } = await loadFirstScreenSchemas();
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (parsed.success) return new ApiError(response.status, parsed.data);
  return new ApiError(response.status, envelopeOf(fallbackMessage(response.status)));
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /**
   * Validates (and types) the answer; without it the answer is not read. A function loads the schema first: the
   * log-in screen's calls use it to keep zod out of the first download (lib/first-screen-schemas.ts).
   */
  schema?: SafeParseSchema<T> | (() => Promise<SafeParseSchema<T>>);
  /** Sends the `__tenant` header; null or undefined means the host. */
  tenantId?: string | null;
  /** Sends the bearer token and handles 401 as an expired session. Default true. */
  auth?: boolean;
  signal?: AbortSignal;
};

export function createApiClient(session: SessionStore) {
  async function send<T>(path: string, options: RequestOptions<T>): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.tenantId) headers[TENANT_HEADER] = options.tenantId;
    const token = session.get()?.token;
    if (options.auth !== false && token) headers.Authorization = `Bearer ${token}`;
    try {
      return await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(NETWORK_ERROR_STATUS, envelopeOf(MESSAGES.generalError));
    }
  }

  /** Sends the request; a 401 gets one refresh and retry, and ends the session when it stays. */
  async function authorized<T>(path: string, options: RequestOptions<T>): Promise<Response> {
    let response = await send(path, options);
    if (response.status === 401 && options.auth !== false && session.get()) {
      if (await session.refresh()) {
        response = await send(path, options);
      }
      if (response.status === 401) {
        const error = await errorFromResponse(response);
        session.end('expired');
        throw error;
      }
    }
    if (!response.ok) throw await errorFromResponse(response);
    return response;
  }

  async function request<T = void>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const response = await authorized(path, options);
    if (!options.schema) return undefined as T;
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ApiError(response.status, envelopeOf(MESSAGES.generalError));
    }
    const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ApiError(response.status, envelopeOf(MESSAGES.generalError));
    return parsed.data;
  }

  /** Fetches a file (PDF, spreadsheet) and hands it to the browser as a download named `fileName`. */
  async function download(path: string, fileName: string): Promise<void> {
    const response = await authorized(path, {});
    const url = URL.createObjectURL(await response.blob());
    try {
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
    } finally {
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    }
  }

  return { request, download };
}

export const apiClient = createApiClient(defaultSession);

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.generalError): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
