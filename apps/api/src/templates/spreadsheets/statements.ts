import { MONEY_FIGURE_LABELS, STATEMENT_LINE_KIND_NAMES } from '@ateliermarkt/contract';

/**
 * The Dutch of the monthly statements workbook: one sheet with a row per workshop and a totals row, one
 * with every line. The file name is in the contract (`statementsWorkbookName`), the web app saves it under that name.
 */
/** Both sheets start with the workshop. */
const WORKSHOP_HEADERS = { workshop: 'Atelier', creditorNumber: 'Crediteurnummer' } as const;

/** Both sheets end with the money, named as the statements name it (short for a header). */
const MONEY_HEADERS = {
  gross: 'Bruto',
  tax: MONEY_FIGURE_LABELS.tax,
  fee: MONEY_FIGURE_LABELS.feeExcl,
  feeVat: MONEY_FIGURE_LABELS.feeVat,
  feeIncl: MONEY_FIGURE_LABELS.feeIncl,
  net: 'Netto',
} as const;

export const STATEMENTS_SHEET = {
  name: 'Afrekeningen',
  headers: { ...WORKSHOP_HEADERS, lines: 'Regels', ...MONEY_HEADERS },
  total: 'Totaal',
} as const;

export const STATEMENT_LINES_SHEET = {
  name: 'Regels',
  headers: {
    ...WORKSHOP_HEADERS,
    date: 'Datum',
    orderNumber: 'Bestelnummer',
    kind: 'Soort',
    description: 'Omschrijving',
    productNumber: 'Productnummer',
    quantity: 'Aantal',
    taxPercent: 'Btw %',
    feePercent: 'Commissie %',
    feeVatPercent: 'Btw commissie %',
    ...MONEY_HEADERS,
  },
  kinds: STATEMENT_LINE_KIND_NAMES,
} as const;
