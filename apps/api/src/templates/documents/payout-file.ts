import { LOCALE, PRODUCT_NAME } from '@ateliermarkt/contract';

/**
 * The words in the SEPA payout file: what a workshop reads on its bank statement beside the amount.
 * The file's name is the contract's `payoutFileName` (the web app saves the download under it).
 */

/** `november 2026` for `2026-11`. */
export function monthInWords(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1)),
  );
}

/** The remittance text of one workshop's transfer: `Uitbetaling Ateliermarkt november 2026, crediteurnummer C-0042`. */
export function payoutRemittance(month: string, creditorNumber: string | null): string {
  const base = `Uitbetaling ${PRODUCT_NAME} ${monthInWords(month)}`;
  return creditorNumber ? `${base}, crediteurnummer ${creditorNumber}` : base;
}
