/**
 * The headings of the product screens that index.html paints before any script (app/signed-in-first-paint.tsx,
 * docs/decisions/0071): one text for the screen and for that first paint, so the two are the same.
 */
export const PRODUCT_OVERVIEW_HEADING = {
  title: 'Alle producten',
  description: 'Bekijk, zoek en beheer de producten van je atelier.',
} as const;

export const PRODUCT_ADD_HEADING = {
  title: 'Product toevoegen',
  description: 'In vier stappen je product in de webshop.',
} as const;
