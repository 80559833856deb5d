/** See first-screen-schemas.ts: the one door to those schemas for modules of the log-in screen. */
export const loadFirstScreenSchemas = () => import('./first-screen-schemas.ts');
