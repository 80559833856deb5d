/**
 * The one way the web app calls the server. Adds the bearer token and JSON, and turns every failure into the
 * one error envelope, thrown as ApiError. A 401 on an authenticated call tries one refresh and
 * retries; when that fails the session ends ('expired'), which sends the user back to the log-in screen.
 */
import {
  API_BASE,
  type Endpoint,
  type ErrorEnvelope,
  fillPath,
  IDEMPOTENCY_KEY_HEADER,
  MESSAGES,
  type ValidationError,
  WORKSHOP_HEADER,
} from '@ateliermarkt/contract';
import type { z } from 'zod';
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
  /** The `Idempotency-Key` header of a retry-safe create. */
  idempotencyKey?: string;
};

export function createApiClient(session: SessionStore) {
  /** The Idempotency-Key of each create submission not yet answered with success. */
  const submissionKeys = new Map<string, string>();
  async function send<T>(path: string, options: RequestOptions<T>): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.tenantId) headers[WORKSHOP_HEADER] = options.tenantId;
    if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;
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

  /**
   * Calls an operation of the contract's endpoint table: fills in its path, sends the token unless the operation is
   * public, and reads the answer with its 200/201 schema. `endpoint` may be a loader, for the log-in screen's calls
   * (their schemas stay out of the first download: lib/first-screen-schemas.ts).
   */
  async function api<E extends Endpoint>(
    endpoint: E | (() => Promise<E>),
    ...[options]: object extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>]
  ): Promise<AnswerOf<E>> {
    const entry = typeof endpoint === 'function' ? await endpoint() : endpoint;
    const call = (options ?? {}) as CallOptions<Endpoint> & { params?: PathParams; query?: object; body?: unknown };
    const success = entry.response[200] ?? entry.response[201];
    const url = urlOf(entry, call);
    // A retry-safe create: one key per submission, the same for its retries (the same body sent again
    // after a failure, e.g. '503, probeer het opnieuw'), a new one once it succeeded or the form changed.
    const submission = entry.idempotent ? `${entry.method} ${url} ${JSON.stringify(call.body ?? null)}` : '';
    let idempotencyKey = submission ? submissionKeys.get(submission) : undefined;
    if (submission && !idempotencyKey) {
      idempotencyKey = crypto.randomUUID();
      submissionKeys.set(submission, idempotencyKey);
    }
    const answer = await request(url, {
      idempotencyKey,
      method: entry.method,
      body: call.body,
      tenantId: call.tenantId,
      signal: call.signal,
      auth: entry.access !== 'public',
      schema: success && 'safeParse' in success ? (success as SafeParseSchema<AnswerOf<E>>) : undefined,
    });
    submissionKeys.delete(submission);
    return answer as AnswerOf<E>;
  }

  /** Fetches the file an operation answers with and hands it to the browser as a download named `fileName`. */
  function downloadFile<E extends Endpoint>(endpoint: E, options: CallOptions<E>, fileName: string): Promise<void> {
    return download(urlOf(endpoint, options as { params?: PathParams; query?: object }), fileName);
  }

  return { request, download, api, downloadFile };
}

type PathParams = Record<string, string | number>;

/** The URL of a call below API_BASE: the entry's path with its parameters, and the query string. */
function urlOf(entry: Endpoint, call: { params?: PathParams; query?: object }): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const query = search.toString();
  return fillPath(entry.path, call.params) + (query ? `?${query}` : '');
}

type Schema<E, K extends string> = E extends { readonly [key in K]: infer S extends z.ZodType } ? S : never;

/** What a call of `E` sends: its path parameters, query and body, typed from the entry's schemas. */
export type CallOptions<E extends Endpoint> = ([Schema<E, 'params'>] extends [never]
  ? { params?: never }
  : { params: { [K in keyof z.output<Schema<E, 'params'>>]: string | number } }) &
  ([Schema<E, 'query'>] extends [never] ? { query?: never } : { query?: Partial<z.input<Schema<E, 'query'>>> }) &
  ([Schema<E, 'body'>] extends [never] ? { body?: never } : { body: z.input<Schema<E, 'body'>> }) & {
    /** Sends the `__tenant` header; null or undefined means the host. */
    tenantId?: string | null;
    signal?: AbortSignal;
  };

/** The answer of a call of `E`: its 200 (or 201) schema's output; nothing for a 204. */
export type AnswerOf<E extends Endpoint> = E['response'] extends { readonly 200: infer S extends z.ZodType }
  ? z.output<S>
  : E['response'] extends { readonly 201: infer S extends z.ZodType }
    ? z.output<S>
    : undefined;

export const apiClient = createApiClient(defaultSession);

/** `api(endpoints.getUser, { params: { id } })`: see createApiClient. */
export const api = apiClient.api;

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.generalError): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
