/**
 * The overview's heading on its first tab (the open reservations), which index.html also paints before any script
 * for `/reservations` without a query (app/signed-in-first-paint.tsx, docs/decisions/0071).
 */
export const OPEN_RESERVATIONS_TITLE = 'Openstaande reserveringen';
