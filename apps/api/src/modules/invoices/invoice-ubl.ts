import type { InvoiceParty } from '@ateliermarkt/contract';
import {
  INVOICE_UBL_TEXTS,
  type InvoiceDocumentInput,
  invoiceText,
  vatPerRate,
} from '../../templates/documents/invoice.ts';

/**
 * The e-invoice of a fee invoice or credit note (docs/invoices.md, docs/decisions/0056): UBL 2.1 per the
 * Dutch profile SI-UBL 2.0 (NLCIUS, a CIUS of EN 16931), an `Invoice` or a `CreditNote` referring to the invoice it
 * corrects. Pure: written once at issue from the frozen data the PDF is made of, and stored beside it. The fee was
 * set off against the workshop's payout, so the whole amount is paid (`PrepaidAmount`) and nothing is payable.
 * Validated against the UBL 2.1 XSD and both schematrons by invoice-ubl.conformance.test.ts (`npm run
 * test:ubl-conformance`, src/test/ubl-validation.ts).
 */

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};
/** SI-UBL 2.0: EN 16931 with the Dutch CIUS (NLCIUS); the PEPPOL billing process. */
const SI_UBL_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:nen.nl:nlcius:v1.0';
const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** ISO 6523 ICD of the Dutch KVK number. */
const KVK_SCHEME = '0106';
const CURRENCY = 'EUR';

const esc = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** `1234` → `12.34`, `-5` → `-0.05`: whole cents, exactly. */
export function ublAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The unit price of a line, `cents / quantity` in euro to 6 decimals (trailing zeros dropped, at least 2). */
export function ublUnitPrice(cents: number, quantity: number): string {
  const micro = Math.round((Math.abs(cents) * 10_000) / quantity);
  const whole = Math.floor(micro / 1_000_000);
  const fraction = String(micro % 1_000_000)
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/**
 * The structured address of a frozen party: its lines are 'street number' and 'postcode city' (the workshop's
 * address, and the platform's as 'Instellingen' asks for it). A line starting with a Dutch postcode gives postcode
 * and city; the first other line is the street.
 */
export function postalAddress(party: InvoiceParty): {
  street: string | null;
  postalZone: string | null;
  city: string | null;
} {
  let postalZone: string | null = null;
  let city: string | null = null;
  let street: string | null = null;
  for (const line of party.address) {
    const match = /^(\d{4}\s?[A-Za-z]{2})\s+(\S.*)$/.exec(line.trim());
    if (match && !postalZone) {
      postalZone = (match[1] ?? '').toUpperCase();
      city = (match[2] ?? '').trim();
    } else if (!street) street = line.trim();
    else if (!city) city = line.trim();
  }
  return { street, postalZone, city };
}

const el = (name: string, value: string, attrs = '') => `<${name}${attrs}>${esc(value)}</${name}>`;
const money = (name: string, cents: number) => el(name, ublAmount(cents), ` currencyID="${CURRENCY}"`);
/** BTW category: S (standard) for a rate above 0, Z (zero rated) for 0 %. */
const category = (rate: number) => (rate > 0 ? 'S' : 'Z');
const percent = (rate: number) => String(Number(rate.toFixed(2)));
const taxScheme = '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>';

function party(p: InvoiceParty, role: 'AccountingSupplierParty' | 'AccountingCustomerParty'): string {
  const a = postalAddress(p);
  return [
    `<cac:${role}><cac:Party>`,
    p.kvkBranchNumber ? `<cac:PartyIdentification>${el('cbc:ID', p.kvkBranchNumber)}</cac:PartyIdentification>` : '',
    `<cac:PartyName>${el('cbc:Name', p.name)}</cac:PartyName>`,
    '<cac:PostalAddress>',
    a.street ? el('cbc:StreetName', a.street) : '',
    a.city ? el('cbc:CityName', a.city) : '',
    a.postalZone ? el('cbc:PostalZone', a.postalZone) : '',
    '<cac:Country><cbc:IdentificationCode>NL</cbc:IdentificationCode></cac:Country>',
    '</cac:PostalAddress>',
    p.vatId ? `<cac:PartyTaxScheme>${el('cbc:CompanyID', p.vatId)}${taxScheme}</cac:PartyTaxScheme>` : '',
    '<cac:PartyLegalEntity>',
    el('cbc:RegistrationName', p.name),
    p.kvkNumber ? el('cbc:CompanyID', p.kvkNumber, ` schemeID="${KVK_SCHEME}"`) : '',
    '</cac:PartyLegalEntity>',
    `</cac:Party></cac:${role}>`,
  ].join('');
}

/** The UBL 2.1 document (SI-UBL 2.0) of an invoice or credit note, as UTF-8 XML text. */
export function invoiceUbl(i: InvoiceDocumentInput): string {
  const credit = i.kind === 'creditNote';
  // A credit note states its amounts as positive: the document type says they are credited.
  const sign = credit ? -1 : 1;
  const lines = i.lines.map((l) => ({ ...l, netCents: sign * l.netCents, vatCents: sign * l.vatCents }));
  const net = lines.reduce((n, l) => n + l.netCents, 0);
  const vat = lines.reduce((n, l) => n + l.vatCents, 0);
  const root = credit ? 'CreditNote' : 'Invoice';
  const lineName = credit ? 'CreditNoteLine' : 'InvoiceLine';
  const quantityName = credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity';
  const notes = invoiceText(i).notes;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<${root} xmlns="${credit ? NS.creditNote : NS.invoice}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">`,
    el('cbc:CustomizationID', SI_UBL_CUSTOMIZATION_ID),
    el('cbc:ProfileID', PROFILE_ID),
    el('cbc:ID', i.number),
    el('cbc:IssueDate', i.issueDate),
    credit ? el('cbc:CreditNoteTypeCode', '381') : el('cbc:InvoiceTypeCode', '380'),
    el('cbc:Note', notes.join(' ')),
    el('cbc:DocumentCurrencyCode', CURRENCY),
    // NLCIUS asks a buyer reference or an order reference (BR-NL-2); the supply month is the one we have.
    el('cbc:BuyerReference', INVOICE_UBL_TEXTS.buyerReference(i.supplyFrom.slice(0, 7))),
    `<cac:InvoicePeriod>${el('cbc:StartDate', i.supplyFrom)}${el('cbc:EndDate', i.supplyTo)}</cac:InvoicePeriod>`,
    i.correctsNumber
      ? `<cac:BillingReference><cac:InvoiceDocumentReference>${el('cbc:ID', i.correctsNumber)}</cac:InvoiceDocumentReference></cac:BillingReference>`
      : '',
    party(i.supplier, 'AccountingSupplierParty'),
    party(i.customer, 'AccountingCustomerParty'),
    `<cac:PaymentTerms>${el('cbc:Note', INVOICE_UBL_TEXTS.paymentTerms)}</cac:PaymentTerms>`,
    `<cac:TaxTotal>${money('cbc:TaxAmount', vat)}`,
    ...vatPerRate(lines).map(
      (r) =>
        `<cac:TaxSubtotal>${money('cbc:TaxableAmount', r.netCents)}${money('cbc:TaxAmount', r.vatCents)}` +
        `<cac:TaxCategory>${el('cbc:ID', category(r.rate))}${el('cbc:Percent', percent(r.rate))}${taxScheme}</cac:TaxCategory></cac:TaxSubtotal>`,
    ),
    '</cac:TaxTotal>',
    '<cac:LegalMonetaryTotal>',
    money('cbc:LineExtensionAmount', net),
    money('cbc:TaxExclusiveAmount', net),
    money('cbc:TaxInclusiveAmount', net + vat),
    money('cbc:PrepaidAmount', net + vat),
    money('cbc:PayableAmount', 0),
    '</cac:LegalMonetaryTotal>',
    ...lines.map((l, n) => {
      const quantity = Math.max(1, Math.abs(l.quantity));
      return [
        `<cac:${lineName}>`,
        el('cbc:ID', String(n + 1)),
        el(quantityName, String(quantity), ' unitCode="C62"'),
        money('cbc:LineExtensionAmount', l.netCents),
        '<cac:Item>',
        el('cbc:Description', l.description),
        el('cbc:Name', INVOICE_UBL_TEXTS.itemName(l.orderNumber)),
        `<cac:ClassifiedTaxCategory>${el('cbc:ID', category(l.vatPercent))}${el('cbc:Percent', percent(l.vatPercent))}${taxScheme}</cac:ClassifiedTaxCategory>`,
        '</cac:Item>',
        `<cac:Price>${el('cbc:PriceAmount', ublUnitPrice(l.netCents, quantity), ` currencyID="${CURRENCY}"`)}</cac:Price>`,
        `</cac:${lineName}>`,
      ].join('');
    }),
    `</${root}>\n`,
  ].join('');
}
