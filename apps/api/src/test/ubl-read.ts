import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';

/**
 * Reads an e-invoice (UBL 2.1, SI-UBL 2.0) back as a parser sees it, with no validation artefacts: libxml2 (via
 * xmllint-wasm) must find it well-formed, then SaxonJS parses it and each field is taken by its XPath, namespaces
 * and all. What a test asserts is what an importing package reads, not a substring of our own text. The full check
 * against the XSD and the schematrons is ubl-validation.ts, in the conformance tests (docs/invoices.md).
 */

const NAMESPACES = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

export type UblParty = {
  /** cac:PartyName/cbc:Name. */
  name: string | null;
  /** cac:PartyLegalEntity/cbc:RegistrationName. */
  registrationName: string | null;
  /** The KVK number: cac:PartyLegalEntity/cbc:CompanyID with schemeID 0106. */
  kvkNumber: string | null;
  /** The KVK branch number: cac:PartyIdentification/cbc:ID. */
  branchNumber: string | null;
  /** The BTW-id: cac:PartyTaxScheme/cbc:CompanyID. */
  vatId: string | null;
  street: string | null;
  postalZone: string | null;
  city: string | null;
  country: string | null;
};

export type UblLine = {
  id: string | null;
  quantity: string | null;
  amount: string | null;
  description: string | null;
  name: string | null;
  taxCategory: string | null;
  taxPercent: string | null;
  price: string | null;
};

export type UblReading = {
  /** The root element's local name and namespace. */
  root: string;
  namespace: string;
  customizationId: string | null;
  /** BT-1. */
  number: string | null;
  /** BT-2. */
  issueDate: string | null;
  /** BT-3: cbc:InvoiceTypeCode or cbc:CreditNoteTypeCode. */
  typeCode: string | null;
  currency: string | null;
  /** Every currencyID attribute in the document, distinct. */
  amountCurrencies: string[];
  periodStart: string | null;
  periodEnd: string | null;
  /** BT-25: the invoice a credit note corrects. */
  billingReference: string | null;
  supplier: UblParty;
  customer: UblParty;
  /** BT-110. */
  taxTotal: string | null;
  taxSubtotals: { taxable: string | null; tax: string | null; category: string | null; percent: string | null }[];
  lineExtensionAmount: string | null;
  taxExclusiveAmount: string | null;
  taxInclusiveAmount: string | null;
  prepaidAmount: string | null;
  /** BT-115. */
  payableAmount: string | null;
  lines: UblLine[];
};

const evaluate = (xpath: string, context: unknown) =>
  SaxonJS.XPath.evaluate(xpath, context, { namespaceContext: NAMESPACES, resultForm: 'array' }) as unknown[];

/** The nodes at `xpath` under `context`. */
const nodes = (context: unknown, xpath: string) => evaluate(xpath, context);

/** The string value of the one node at `xpath`; null when there is none; throws when there are several. */
function one(context: unknown, xpath: string): string | null {
  const found = evaluate(`(${xpath}) ! string()`, context) as string[];
  if (found.length > 1) throw new Error(`UBL: ${found.length} nodes at ${xpath}, expected at most one`);
  return found[0] ?? null;
}

function partyOf(doc: unknown, role: 'AccountingSupplierParty' | 'AccountingCustomerParty'): UblParty {
  const [party, ...more] = nodes(doc, `/*/cac:${role}/cac:Party`);
  if (!party || more.length > 0) throw new Error(`UBL: expected exactly one cac:${role}/cac:Party`);
  return {
    name: one(party, 'cac:PartyName/cbc:Name'),
    registrationName: one(party, 'cac:PartyLegalEntity/cbc:RegistrationName'),
    kvkNumber: one(party, "cac:PartyLegalEntity/cbc:CompanyID[@schemeID = '0106']"),
    branchNumber: one(party, 'cac:PartyIdentification/cbc:ID'),
    vatId: one(party, 'cac:PartyTaxScheme/cbc:CompanyID'),
    street: one(party, 'cac:PostalAddress/cbc:StreetName'),
    postalZone: one(party, 'cac:PostalAddress/cbc:PostalZone'),
    city: one(party, 'cac:PostalAddress/cbc:CityName'),
    country: one(party, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode'),
  };
}

/** The document's fields; throws naming libxml2's or SaxonJS's error when the text is not well-formed XML. */
export async function readUbl(xml: string): Promise<UblReading> {
  const wellFormed = await validateXML({ xml: [{ fileName: 'e-factuur.xml', contents: xml }], normalization: 'c14n' });
  if (!wellFormed.valid || wellFormed.normalized === '')
    throw new Error(`UBL: not well-formed XML: ${wellFormed.errors.map((e) => e.rawMessage).join('\n')}`);
  const doc = SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml } });
  const total = (name: string) => one(doc, `/*/cac:LegalMonetaryTotal/cbc:${name}`);
  return {
    root: one(doc, 'local-name(/*)') ?? '',
    namespace: one(doc, 'namespace-uri(/*)') ?? '',
    customizationId: one(doc, '/*/cbc:CustomizationID'),
    number: one(doc, '/*/cbc:ID'),
    issueDate: one(doc, '/*/cbc:IssueDate'),
    typeCode: one(doc, '/*/cbc:InvoiceTypeCode | /*/cbc:CreditNoteTypeCode'),
    currency: one(doc, '/*/cbc:DocumentCurrencyCode'),
    amountCurrencies: evaluate('distinct-values(//@currencyID ! string())', doc) as string[],
    periodStart: one(doc, '/*/cac:InvoicePeriod/cbc:StartDate'),
    periodEnd: one(doc, '/*/cac:InvoicePeriod/cbc:EndDate'),
    billingReference: one(doc, '/*/cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID'),
    supplier: partyOf(doc, 'AccountingSupplierParty'),
    customer: partyOf(doc, 'AccountingCustomerParty'),
    taxTotal: one(doc, '/*/cac:TaxTotal/cbc:TaxAmount'),
    taxSubtotals: nodes(doc, '/*/cac:TaxTotal/cac:TaxSubtotal').map((s) => ({
      taxable: one(s, 'cbc:TaxableAmount'),
      tax: one(s, 'cbc:TaxAmount'),
      category: one(s, 'cac:TaxCategory/cbc:ID'),
      percent: one(s, 'cac:TaxCategory/cbc:Percent'),
    })),
    lineExtensionAmount: total('LineExtensionAmount'),
    taxExclusiveAmount: total('TaxExclusiveAmount'),
    taxInclusiveAmount: total('TaxInclusiveAmount'),
    prepaidAmount: total('PrepaidAmount'),
    payableAmount: total('PayableAmount'),
    lines: nodes(doc, '/*/cac:InvoiceLine | /*/cac:CreditNoteLine').map((l) => ({
      id: one(l, 'cbc:ID'),
      quantity: one(l, 'cbc:InvoicedQuantity | cbc:CreditedQuantity'),
      amount: one(l, 'cbc:LineExtensionAmount'),
      description: one(l, 'cac:Item/cbc:Description'),
      name: one(l, 'cac:Item/cbc:Name'),
      taxCategory: one(l, 'cac:Item/cac:ClassifiedTaxCategory/cbc:ID'),
      taxPercent: one(l, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Percent'),
      price: one(l, 'cac:Price/cbc:PriceAmount'),
    })),
  };
}
