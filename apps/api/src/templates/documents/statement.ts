import {
  formatDate,
  formatEuro,
  fromCents,
  LOCALE,
  STATEMENT_LINE_KIND_NAMES,
  type StatementTotals,
  statementFileName,
  type WorkshopStatement,
} from '@ateliermarkt/contract';

/**
 * The words of a workshop's monthly statement: one PDF per workshop and month, laid out by
 * modules/statements/statement-pdf.ts. Amounts are integer cents until formatted here, in the Dutch euro format.
 */
export type StatementDocumentText = {
  fileName: string;
  /** The PDF's Title property. */
  title: string;
  heading: string;
  /** Label and value pairs under the heading: workshop, creditor number, period. */
  facts: [string, string][];
  columns: string[];
  rows: string[][];
  /** The last row, in bold. */
  totals: string[];
  /** Said instead of the table when the month has no lines. */
  empty: string;
  notes: string[];
};

const monthName = new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `maart 2026` for `2026-03`. */
export function statementMonthName(month: string): string {
  return monthName.format(new Date(`${month}-01T12:00:00Z`));
}

const euro = (cents: number) => formatEuro(fromCents(cents));
const percent = (value: number) => `${value.toLocaleString(LOCALE, { maximumFractionDigits: 2 })}%`;
/** Gross, VAT, the fee without BTW, its BTW, the fee with BTW, net. */
const amounts = (t: StatementTotals) => [
  euro(t.grossCents),
  euro(t.taxCents),
  euro(t.feeCents),
  euro(t.feeVatCents),
  euro(t.feeCents + t.feeVatCents),
  euro(t.netCents),
];

export const STATEMENT_KIND_NAMES = STATEMENT_LINE_KIND_NAMES;

export function statementText(s: WorkshopStatement, month: string): StatementDocumentText {
  const period = statementMonthName(month);
  return {
    fileName: statementFileName(s.workshopName, month),
    title: `Afrekening ${s.workshopName} ${period}`,
    heading: `Afrekening ${period}`,
    facts: [
      ['Atelier', s.workshopName],
      ['Crediteurnummer', s.creditorNumber ?? '—'],
      ['Periode', period],
    ],
    columns: [
      'Datum',
      'Bestelnummer',
      'Omschrijving',
      'Aantal',
      'Btw %',
      'Comm. %',
      'Bruto',
      'Btw',
      'Comm. excl.',
      'Btw comm.',
      'Comm. incl.',
      'Netto',
    ],
    rows: s.lines.map((l) => [
      formatDate(l.at),
      l.orderNumber,
      `${l.kind !== 'sale' ? `${STATEMENT_KIND_NAMES[l.kind]}: ` : ''}${l.description}`,
      String(l.quantity),
      percent(l.taxPercent),
      percent(l.feePercent),
      ...amounts(l),
    ]),
    totals: ['Totaal', '', '', '', '', '', ...amounts(s.totals)],
    empty: 'Geen betaalde reserveringen of ontvangen retouren in deze maand.',
    notes: [
      'Bruto is wat de klant betaalde; btw, commissie en netto volgen de tarieven die golden toen de reservering werd geplaatst.',
      'De commissie is een dienst van Ateliermarkt aan het atelier: daarover rekent Ateliermarkt btw (Btw comm.), die het atelier als voorbelasting kan aftrekken. Netto = bruto − btw − commissie incl. btw.',
      'Een retour wordt verrekend in de maand waarin het retour is ontvangen. Verzendkosten: zonder commissie.',
      `Uit te betalen (netto): ${euro(s.totals.netCents)}`,
    ],
  };
}
