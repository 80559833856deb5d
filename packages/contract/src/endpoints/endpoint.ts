/**
 * The shape of one API operation, written once (docs/decisions/0023-endpoint-table.md): the server registers its
 * route from the entry (apps/api/src/plugins/endpoint-routes.ts) and the web app calls through it
 * (apps/web/src/lib/api-client.ts `api`). Paths are Fastify style (`/identity/users/:id`), relative to API_BASE.
 */
import { z } from 'zod';
import type { RoleKind } from '../auth/role-kind.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: anyone (`public`), anyone with or without a token (`optional`: the token, when sent, is read),
 * every logged-in user (`authenticated`), or the role kinds listed. The server derives the route's guard from it.
 */
export type Access = 'public' | 'optional' | 'authenticated' | readonly RoleKind[];

/** The error answers an operation declares; each is the one error envelope. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/** A file in an answer (PDF, spreadsheet): sent as bytes, described for the OpenAPI document. */
export type FileAnswer = { description: string; content: Record<string, { schema: z.ZodType<Uint8Array> }> };

/** A never-ending answer (server-sent events), described for the OpenAPI document. */
export type StreamAnswer = { description: string; content: Record<string, { schema: z.ZodType<unknown> }> };

export type Endpoint = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly operationId: string;
  /** Dutch, shown in the OpenAPI document. */
  readonly summary: string;
  /** Dutch, a longer explanation in the OpenAPI document (optional). */
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** A multipart body: described in the OpenAPI document, read by the handler itself (the image upload). */
  readonly multipartBody?: z.ZodType;
  readonly headers?: z.ZodType;
  /** The success answers by status; a 204 is `noContent(description)`. */
  readonly response: { readonly [status: number]: z.ZodType | FileAnswer | StreamAnswer };
  readonly errors: readonly ErrorStatus[];
  /**
   * A create that is safe to retry: the server honours `Idempotency-Key` per user and workshop
   * (apps/api/src/plugins/idempotency.ts); spread `...RETRY_SAFE_CREATE` (common/idempotency.ts) into the entry:
   * the header, 409 and 422 among the errors, and this flag.
   */
  readonly idempotent?: true;
};

/** The errors of most back-office operations. */
export const STANDARD_ERRORS = [400, 401, 403, 404, 409] as const satisfies readonly ErrorStatus[];

/** A 204 answer: no body, only a description. */
export function noContent<const D extends string>(description: D) {
  return z.null().describe(description);
}

/** A file answer, e.g. `fileAnswer('application/pdf', 'De PDF, als bijlage')`; one of several types: an array. */
export function fileAnswer(mediaType: string | readonly string[], description: string): FileAnswer {
  const schema = z.string().meta({ format: 'binary' }) as unknown as z.ZodType<Uint8Array>;
  const types = typeof mediaType === 'string' ? [mediaType] : mediaType;
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
}

/** Keeps an entry's literal types (method, path, schemas) while checking it is an Endpoint. */
export function endpoint<const E extends Endpoint>(entry: E): E {
  return entry;
}
