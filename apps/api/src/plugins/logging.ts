import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import type { Config } from '../config.ts';
import { serializeError } from '../lib/log-errors.ts';

/**
 * How the server logs (docs/decisions/0020). `json` (production): pino's JSON lines, one when a request comes in and
 * one when it is answered, each with its request id. `text` (`npm start`, the demo): readable lines for what happens
 * besides requests (mails written, warnings, errors); a request is one short line, at debug level only.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming X-Request-Id is kept when it looks like an id (a proxy's or a client's); anything else gets a UUID. */
const SANE_REQUEST_ID = /^[\w.:+/=-]{1,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Query parameters whose value is a credential: a payment token, a reset code, a signature. */
const SECRET_PARAM = /token|code|secret|password|signature|key/i;

/** A URL as it may be logged: the payment page's token and credential query values replaced. */
export function redactUrl(url: string): string {
  const [pathPart = '', query] = url.split(/\?(.*)/s, 2);
  const path = pathPart.replace(/^\/betalen\/[^/]+/, '/betalen/[redacted]');
  if (query === undefined) return path;
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      return eq !== -1 && SECRET_PARAM.test(decodeURIComponentSafe(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${path}?${redacted}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Log paths never printed: the headers and body fields that carry a password or a token. */
const REDACT = [
  'req.headers.authorization',
  'req.body.password',
  'req.body.newPassword',
  'req.body.currentPassword',
  'req.body.confirmCode',
  'req.body.refreshToken',
  '*.passwordHash',
];

const serializers = {
  err: serializeError,
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
    };
  },
};

/**
 * A response stream the client closed before its end (a reader who navigated away while an image, a download or the
 * live events were under way) is normal use, not something an operator acts on: one debug line, where Fastify logs
 * an info line 'stream closed prematurely' each time, about 300 per half hour of normal use. Any other
 * stream error stays a warning.
 */
export class OperatorLog extends LogController {
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.debug(`${request.method} ${redactUrl(request.url)}: de bezoeker sloot de verbinding voor het einde`);
      return;
    }
    reply.log.warn({ err: error }, `${request.method} ${redactUrl(request.url)}: antwoord afgebroken door een fout`);
  }
}

/** The text format's request line: nothing when a request comes in, one debug line when it is answered. */
class TextRequestLog extends OperatorLog {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.debug(line);
  }

  override routeNotFound() {}
}

/** pino's JSON lines made readable by pino-pretty, one line each, synchronously (nothing lost at exit). */
function textStream(destination: { write: (line: string) => void }) {
  const pretty = prettyFactory({
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId',
    colorize: destination === process.stdout && process.stdout.isTTY,
  });
  return { write: (line: string) => destination.write(pretty(line)) };
}

export type LoggingOptions = {
  /** false: nothing is logged (tests). */
  enabled: boolean;
  /** Where the lines go instead of stdout (tests read them back). */
  stream?: { write: (line: string) => void };
};

/** Fastify's options for logging and request ids, from the configuration. */
export function loggingOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  options: LoggingOptions,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  const text = config.logFormat === 'text';
  const stream = text ? textStream(options.stream ?? process.stdout) : options.stream;
  return {
    logger: {
      level: options.enabled ? config.logLevel : 'silent',
      redact: REDACT,
      serializers,
      ...(stream ? { stream } : {}),
    },
    genReqId: requestIdFor,
    logController: text ? new TextRequestLog() : new OperatorLog(),
  };
}
