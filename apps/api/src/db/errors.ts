/**
 * Database failures that say nothing about the request: the connection was lost (an administrator ended it, the
 * server restarted or failed over) or could not be made. They answer 503 — try again — instead of 500.
 */

/** PostgreSQL's SQLSTATE classes and codes of a lost or refused connection, and the driver's socket errors. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/** True when the error, or one it wraps (Drizzle wraps the driver's in `cause`), is a lost database connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** The database (or the disk under it) is full: SQLSTATE 53100, or the file system's ENOSPC. */
export function isStorageFull(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const { code } = e as { code?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
  }
  return false;
}
