import { ERROR_CODES, ERROR_STATUS, type ErrorCode, type ErrorEnvelope, MESSAGES } from '@ateliermarkt/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { codeIn, isDatabaseUnavailable, isStorageFull } from '../db/errors.ts';
import { AppError } from '../lib/app-error.ts';

export function envelope(
  code: ErrorCode | null,
  message: string,
  validationErrors: ErrorEnvelope['error']['validationErrors'] = null,
): ErrorEnvelope {
  return { error: { code, message, details: null, validationErrors } };
}

function sendError(reply: FastifyReply, status: number, body: ErrorEnvelope) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own errors that a client causes, mapped to our codes and Dutch messages. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ERROR_CODES.invalidJson, message: MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ERROR_CODES.invalidJson, message: MESSAGES.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ERROR_CODES.tooLarge, message: MESSAGES.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ERROR_CODES.unsupportedMediaType, message: MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ERROR_CODES.validation, message: MESSAGES.validationFailed },
  FST_ERR_VALIDATION: { code: ERROR_CODES.validation, message: MESSAGES.validationFailed },
  FST_ERR_BAD_URL: { code: ERROR_CODES.notFound, message: MESSAGES.notFound },
  FST_ERR_MAX_PARAM_LENGTH: { code: ERROR_CODES.notFound, message: MESSAGES.notFound },
  FST_ERR_ASYNC_CONSTRAINT: { code: ERROR_CODES.validation, message: MESSAGES.validationFailed },
};

/**
 * PostgreSQL's refusals that a caller's input can cause once it has passed validation, by SQLSTATE (PGlite and
 * node-postgres both give it as `code`, Drizzle wraps their error as its `cause`). A foreign key that points at
 * nothing means a record the request names, or the caller itself, no longer exists (a deleted user's token that
 * still verifies): 404. Each is logged, since it points at a check the service should make itself.
 */
const DATABASE_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  '23503': { code: ERROR_CODES.notFound, message: MESSAGES.notFound },
  '23505': { code: ERROR_CODES.conflict, message: MESSAGES.conflict },
};

function databaseErrorOf(error: unknown): { code: ErrorCode; message: string } | undefined {
  const code = codeIn(error, (c) => c in DATABASE_CLIENT_ERRORS);
  return code === undefined ? undefined : DATABASE_CLIENT_ERRORS[code];
}

/** Zod's own English messages are never shown: a message of ours is Dutch and has no English keywords in it. */
function dutchOrDefault(message: string, fallback: string): string {
  return /^(Invalid|Expected|Required|Too |Unrecognized|Unknown)/.test(message) || message === '' ? fallback : message;
}

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a path that is not valid percent-encoded UTF-8, a
 * path parameter longer than Fastify's limit) happen before any hook, and would otherwise answer Fastify's English
 * JSON. A path that cannot be decoded or is that long names no record: 404, as FST_ERR_BAD_URL already maps.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = FASTIFY_CLIENT_ERRORS[error.code] ?? {
    code: ERROR_CODES.validation,
    message: MESSAGES.validationFailed,
  };
  return sendError(reply, ERROR_STATUS[known.code], envelope(known.code, known.message));
}

/** One handler for every failure: the one error envelope, Dutch messages, no internals on 5xx. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body = envelope(error.code, error.message, error.validationErrors);
      if (error.description) body.description = error.description;
      if (error.details) body.error.details = error.details;
      return sendError(reply, ERROR_STATUS[error.code], body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const validationErrors = error.validation.flatMap((issue) => {
        const members = issue.instancePath
          .split('/')
          .filter(Boolean)
          .map((s) => decodeURIComponent(s));
        // A key the schema does not know (strict objects): named, so nothing a client sends is silently dropped.
        // The provider puts zod's issue code in `keyword` and the rest of the issue in `params`.
        if (issue.keyword === 'unrecognized_keys')
          return ((issue.params as { keys?: string[] } | undefined)?.keys ?? []).map((key) => ({
            message: MESSAGES.fieldUnknown,
            members: [[...members, key].join('.')],
          }));
        const zodIssue = (issue.params as { issue?: { code?: string; input?: unknown } } | undefined)?.issue;
        const missing = zodIssue?.code === 'invalid_type' && zodIssue.input === undefined;
        const message = dutchOrDefault(issue.message ?? '', missing ? MESSAGES.fieldRequired : MESSAGES.fieldInvalid);
        return [{ message, members: [members.length ? members.join('.') : (error.validationContext ?? 'body')] }];
      });
      const first = validationErrors[0]?.message ?? MESSAGES.validationFailed;
      return sendError(reply, 400, envelope(ERROR_CODES.validation, first, validationErrors));
    }
    if (error.statusCode === 429) {
      return sendError(reply, 429, envelope(ERROR_CODES.rateLimited, MESSAGES.tooManyRequests));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, ERROR_STATUS[known.code], envelope(known.code, known.message));
    const database = databaseErrorOf(error);
    if (database) {
      request.log.warn({ err: error }, 'database refused a request');
      return sendError(reply, ERROR_STATUS[database.code], envelope(database.code, database.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, error.statusCode, envelope(null, MESSAGES.validationFailed));
    }
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'storage full');
      return sendError(reply, 503, envelope(ERROR_CODES.unavailable, MESSAGES.storageFull));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: { message: error.message } }, 'database unavailable');
      return sendError(reply, 503, envelope(ERROR_CODES.unavailable, MESSAGES.databaseUnavailable));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, envelope(ERROR_CODES.internal, MESSAGES.generalError));
  });
}

/** Unknown API paths answer the 404 envelope; other GETs go to the web app when it is served (its router decides). */
export function registerNotFound(app: FastifyInstance, options: { apiBase: string; spa: boolean }) {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing file (a script, an image) is a 404; any other path is a screen of the single-page app.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (options.spa && request.method === 'GET' && !path.startsWith(options.apiBase) && !isFile) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, envelope(ERROR_CODES.notFound, MESSAGES.notFound));
  });
}
