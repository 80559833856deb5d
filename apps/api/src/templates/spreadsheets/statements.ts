import { STATEMENT_LINE_KIND_NAMES } from '@ateliermarkt/contract';

/**
 * The Dutch of the monthly statements workbook: one sheet with a row per workshop and a totals row, one
 * with every line. The file name is in the contract (`statementsWorkbookName`), the web app saves it under that name.
 */
export const STATEMENTS_SHEET = {
  name: 'Afrekeningen',
  headers: {
    workshop: 'Atelier',
    creditorNumber: 'Crediteurnummer',
    lines: 'Regels',
    gross: 'Bruto',
    tax: 'Btw',
    fee: 'Commissie excl. btw',
    feeVat: 'Btw over commissie',
    feeIncl: 'Commissie incl. btw',
    net: 'Netto',
  },
  total: 'Totaal',
} as const;

export const STATEMENT_LINES_SHEET = {
  name: 'Regels',
  headers: {
    workshop: 'Atelier',
    creditorNumber: 'Crediteurnummer',
    date: 'Datum',
    orderNumber: 'Bestelnummer',
    kind: 'Soort',
    description: 'Omschrijving',
    productNumber: 'Productnummer',
    quantity: 'Aantal',
    taxPercent: 'Btw %',
    feePercent: 'Commissie %',
    feeVatPercent: 'Btw commissie %',
    gross: 'Bruto',
    tax: 'Btw',
    fee: 'Commissie excl. btw',
    feeVat: 'Btw over commissie',
    feeIncl: 'Commissie incl. btw',
    net: 'Netto',
  },
  kinds: STATEMENT_LINE_KIND_NAMES,
} as const;
