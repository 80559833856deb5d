/**
 * How errors are written to the log: type, message, stack and own fields, with their causes, pruned. A failed query's
 * error carries its parameters (Drizzle appends them to the message, the driver keeps them in `params`), and an image
 * insert's are megabytes of bytes: with the disk full, every failed upload wrote a 4.4 MB log line. Parameters are
 * left out (they are request data), long texts cut and binary values named by their size.
 */
type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

const MAX_TEXT = 2000;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length} tekens)` : text);

function prune(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cut(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return `<${value.byteLength} bytes>`;
  if (value instanceof Error) return depth >= MAX_DEPTH ? '[…]' : serialize(value, depth + 1);
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => prune(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `… (${value.length} items)`] : items;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = prune(v, depth + 1);
  return out;
}

/** Drizzle's message is `Failed query: <sql>\nparams: <values>`: the values go. */
const withoutParams = (message: string) => message.replace(/\nparams: [\s\S]*$/, '\nparams: <weggelaten>');

function serialize(error: Error, depth: number): SerializedError {
  const message = withoutParams(String(error.message ?? ''));
  const stack = String(error.stack ?? '').replace(String(error.message ?? ''), message);
  const out: SerializedError = { type: error.constructor?.name ?? 'Error', message: cut(message), stack: cut(stack) };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'message' || key === 'stack') continue;
    out[key] = key === 'params' ? `<${Array.isArray(value) ? value.length : 0} parameters>` : prune(value, depth + 1);
  }
  if (error.cause !== undefined) out.cause = prune(error.cause, depth + 1);
  return out;
}

/** The logger's `err` serializer. */
export function serializeError(error: Error): SerializedError {
  return serialize(error, 0);
}
