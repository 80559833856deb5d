/** The element of index.html's signed-in first paint (signed-in-first-paint.tsx, first-paint.tsx). */
export const FIRST_PAINT_ID = 'first-paint';
/** The attribute of its screen's part: what the shell's main area shows until the screen renders. */
export const FIRST_PAINT_MAIN = 'data-fp-main';
/**
 * The `<meta name>`s in index.html that list what the log-in screen loads once someone starts on the form
 * (login-warm-up.ts), written by the build from its manifest (scripts/prerender.ts): every file of the router, the
 * shell and the home that the log-in screen does not load itself, and of those the three chunks to run.
 */
export const LOGIN_WARM_UP_META = { download: 'login-warm-up', run: 'login-warm-up-run' } as const;
