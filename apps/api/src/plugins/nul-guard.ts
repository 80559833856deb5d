import { MESSAGES } from '@ateliermarkt/contract';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../lib/app-error.ts';

/** The path of the first string in `value` that holds a NUL character, or null. */
function nulAt(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulAt(item, [...path, String(i)]);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = nulAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a query with one fails, which was a 500 on every route
 * that stores or looks up text. No field of this product has a use for it, so any NUL in the path, the query or a
 * parsed body is refused up front as an invalid field (400), before the route's own guards and validation.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = nulAt(value, []);
      if (found) {
        throw fieldError(found.length ? found.join('.') : part, MESSAGES.fieldInvalid);
      }
    }
  });
}
