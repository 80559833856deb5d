/** The element of index.html's signed-in first paint (signed-in-first-paint.tsx, first-paint.tsx). */
export const FIRST_PAINT_ID = 'first-paint';
/** The attribute of its screen's part: what the shell's main area shows until the screen renders. */
export const FIRST_PAINT_MAIN = 'data-fp-main';
