import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies. A call that takes no body (a reservation transition, a delete, log-out) may still be sent with
 * `Content-Type: application/json` and nothing after it, as many HTTP clients do: an empty body is no body, not
 * broken JSON (Fastify's own parser answers FST_ERR_CTP_EMPTY_JSON_BODY, a 400). A route that needs a body still
 * refuses its absence in validation. Anything else goes to Fastify's own parser, which refuses `__proto__` and
 * `constructor.prototype` keys.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
