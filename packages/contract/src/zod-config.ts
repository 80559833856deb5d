/**
 * Evaluated before any schema of the contract is built (the first import of index.ts). In a browser zod must not
 * probe `new Function` for its JIT: the web app runs under `script-src 'self'`, which blocks the probe; zod swallows
 * the error, but the browser still reports a Content-Security-Policy violation on every page. The server (no
 * `document`) keeps the JIT.
 */
import { config } from 'zod';

if ('document' in globalThis) config({ jitless: true });
