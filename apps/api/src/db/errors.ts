/**
 * What a database error says, read from it and the errors it wraps (Drizzle wraps the driver's in `cause`): the
 * connection was lost or refused (an administrator ended it, the server restarted or failed over), the disk is full,
 * or a SQLSTATE the error handler maps to a 4xx. The first two answer 503 — try again — instead of 500.
 */

/** The error and the ones it wraps, outermost first (at most five deep). */
function* errorChain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** The first string `code` (a SQLSTATE or an errno) in the chain that `accept` takes. */
export function codeIn(error: unknown, accept: (code: string) => boolean): string | undefined {
  for (const { code } of errorChain(error)) if (typeof code === 'string' && accept(code)) return code;
  return undefined;
}

/** PostgreSQL's SQLSTATE classes and codes of a lost or refused connection, and the driver's socket errors. */
// 57014 and 55P03: statement_timeout and lock_timeout ended a statement (a stalled or locked database, client.ts).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|57014|55P03)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout)/;

/** True when the error, or one it wraps, is a lost database connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (codeIn(error, (code) => UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
  for (const { message } of errorChain(error)) {
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** The database (or the disk under it) is full: SQLSTATE 53100, or the file system's ENOSPC. */
export function isStorageFull(error: unknown): boolean {
  return codeIn(error, (code) => code === '53100' || code === 'ENOSPC') !== undefined;
}
