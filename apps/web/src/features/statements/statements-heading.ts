/**
 * The statements screen's heading, the same for both roles, which index.html also paints before any script
 * (app/signed-in-first-paint.tsx, docs/decisions/0071).
 */
export const STATEMENTS_HEADING = {
  title: 'Afrekeningen',
  description: 'De betaalde reserveringen en ontvangen retouren van de maand, met btw, commissie en netto.',
} as const;
