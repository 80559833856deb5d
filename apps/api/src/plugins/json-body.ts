import { ERROR_CODES, MESSAGES } from '@ateliermarkt/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * How deep a JSON body may nest. No request shape of the API is deeper than a handful of levels; a body nested
 * thousands of levels deep (which JSON.parse reads fine) overflowed the stack of every recursive walk after it —
 * the NUL guard, the logger — and answered 500.
 */
export const MAX_JSON_DEPTH = 64;

type Done = (error: Error | null, body?: unknown) => void;

/** True when `value` nests containers deeper than `max`; a loop, not recursion, so its own depth is no limit. */
function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== 'object') continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The API's JSON body parser: Fastify's own (which refuses `__proto__` and `constructor.prototype` keys), plus
 * - an empty body is no body: a call that takes none (a transition, a delete, log-out) may still be sent with
 *   `Content-Type: application/json` and nothing after it, as many HTTP clients do; Fastify's parser answered 400
 *   (FST_ERR_CTP_EMPTY_JSON_BODY). A route that needs a body still refuses its absence in validation.
 * - a body nested deeper than MAX_JSON_DEPTH is refused (400).
 */
export function jsonBodyParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (request: FastifyRequest, body: string | Buffer, done: Done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) done(error);
      else if (nestsDeeperThan(parsed, MAX_JSON_DEPTH))
        done(new AppError(ERROR_CODES.invalidJson, MESSAGES.jsonTooDeep));
      else done(null, parsed);
    });
  };
}

export function registerJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser(app));
}
