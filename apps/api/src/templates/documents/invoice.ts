import {
  formatDay,
  formatEuro,
  fromCents,
  INVOICE_KIND_NAMES,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceParty,
  LOCALE,
} from '@ateliermarkt/contract';

/**
 * The words of a fee invoice or credit note: every field the Belastingdienst's factuureisen list — the
 * number, issue date, supply period, both parties' names and addresses, the supplier's KVK number and BTW-id, the
 * customer's BTW-id, a description per line, the amount without BTW, the BTW per rate and the total — laid out by
 * modules/invoices/invoice-pdf.ts.
 */
export type InvoiceDocumentInput = {
  kind: InvoiceKind;
  number: string;
  issueDate: string;
  supplyFrom: string;
  supplyTo: string;
  correctsNumber: string | null;
  supplier: InvoiceParty;
  customer: InvoiceParty;
  lines: InvoiceLine[];
};

export type InvoiceDocumentText = {
  title: string;
  heading: string;
  supplier: string[];
  customer: string[];
  facts: [string, string][];
  columns: string[];
  rows: string[][];
  /** Label and amount: without BTW, BTW per rate, total. */
  totals: [string, string][];
  notes: string[];
};

const euro = (cents: number) => formatEuro(fromCents(cents));
const percent = (value: number) => `${value.toLocaleString(LOCALE, { maximumFractionDigits: 2 })}%`;

const party = (p: InvoiceParty, role: string) => [
  role,
  p.name,
  ...p.address,
  ...(p.kvkNumber ? [`KVK-nummer: ${p.kvkNumber}`] : []),
  ...(p.vatId ? [`Btw-id: ${p.vatId}`] : []),
];

/** BTW per rate, rates ascending: the factuureisen ask the amount per rate. */
export function vatPerRate(lines: readonly InvoiceLine[]): { rate: number; netCents: number; vatCents: number }[] {
  const byRate = new Map<number, { netCents: number; vatCents: number }>();
  for (const l of lines) {
    const r = byRate.get(l.vatPercent) ?? { netCents: 0, vatCents: 0 };
    r.netCents += l.netCents;
    r.vatCents += l.vatCents;
    byRate.set(l.vatPercent, r);
  }
  return [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, r]) => ({ rate, ...r }));
}

/** The words of the e-invoice (modules/invoices/invoice-ubl.ts) beside the PDF's notes. */
export const INVOICE_UBL_TEXTS = {
  buyerReference: (month: string) => `Platformvergoeding ${month}`,
  itemName: (orderNumber: string | null) =>
    orderNumber ? `Platformvergoeding bestelling ${orderNumber}` : 'Platformvergoeding',
  paymentTerms: 'Verrekend met de uitbetaling van de opbrengst aan het atelier.',
};

export function invoiceText(i: InvoiceDocumentInput): InvoiceDocumentText {
  const name = INVOICE_KIND_NAMES[i.kind];
  const net = i.lines.reduce((n, l) => n + l.netCents, 0);
  const vat = i.lines.reduce((n, l) => n + l.vatCents, 0);
  return {
    title: `${name} ${i.number}`,
    heading: `${name} ${i.number}`,
    supplier: party(i.supplier, 'Leverancier'),
    customer: party(i.customer, 'Afnemer'),
    facts: [
      [`${name}nummer`, i.number],
      ['Factuurdatum', formatDay(i.issueDate)],
      ['Leveringsperiode', `${formatDay(i.supplyFrom)} t/m ${formatDay(i.supplyTo)}`],
      ...(i.correctsNumber ? ([['Corrigeert factuur', i.correctsNumber]] as [string, string][]) : []),
    ],
    columns: ['Omschrijving', 'Aantal', 'Bedrag excl. btw', 'Btw %', 'Btw'],
    rows: i.lines.map((l) => [
      l.description,
      String(l.quantity),
      euro(l.netCents),
      percent(l.vatPercent),
      euro(l.vatCents),
    ]),
    totals: [
      ['Totaal excl. btw', euro(net)],
      ...vatPerRate(i.lines).map((r): [string, string] => [
        `Btw ${percent(r.rate)} over ${euro(r.netCents)}`,
        euro(r.vatCents),
      ]),
      ['Totaal incl. btw', euro(net + vat)],
    ],
    notes: [
      'Platformvergoeding (commissie) van Ateliermarkt over de verkopen van het atelier in de leveringsperiode.',
      'Het bedrag is al verrekend met de uitbetaling van de opbrengst; u hoeft niets over te maken.',
      ...(i.kind === 'creditNote'
        ? ['Deze creditnota corrigeert de genoemde factuur voor geretourneerde verkopen.']
        : []),
    ],
  };
}
