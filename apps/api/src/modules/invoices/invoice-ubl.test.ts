import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InvoiceParty } from '@ateliermarkt/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocumentInput } from '../../templates/documents/invoice.ts';
import { schematronFindings, ublProblems, ublSchemaErrors } from '../../test/ubl-validation.ts';
import { invoiceUbl, postalAddress, ublAmount, ublUnitPrice } from './invoice-ubl.ts';

/**
 * The e-invoice of issue 23.4: every kind of document we issue passes the UBL 2.1 XSD, the EN 16931 schematron and
 * the SI-UBL 2.0 (NLCIUS) schematron with no fatal finding, and the validator rejects a broken one naming the rule.
 */
const PLATFORM: InvoiceParty = {
  name: 'Ateliermarkt B.V.',
  address: ['Oudegracht 1', '3511 AA Utrecht'],
  kvkNumber: '87654321',
  vatId: 'NL004495445B01',
};
const STANDARD: InvoiceParty = {
  name: 'De Draaischijf V.O.F.',
  address: ['Keramiekstraat 12', '1012AB Amsterdam'],
  kvkNumber: '12345678',
  kvkBranchNumber: '000012345678',
  vatId: 'NL000099998B57',
};
/** Under the KOR: no BTW-id, no branch number. */
const KOR: InvoiceParty = {
  name: 'Atelier Klein & Fijn',
  address: ['Lindengracht 3', '9711 CC Groningen'],
  kvkNumber: '23456789',
  kvkBranchNumber: null,
  vatId: null,
};

const lines = [
  {
    description: 'Platformvergoeding 25% over bestelling A-1: Schaal <blauw> & "wit"',
    orderNumber: 'A-1',
    quantity: 3,
    netCents: 1000,
    vatPercent: 21,
    vatCents: 210,
  },
  {
    description: 'Platformvergoeding 25% over bestelling A-2: Mok',
    orderNumber: 'A-2',
    quantity: 1,
    netCents: 1125,
    vatPercent: 21,
    vatCents: 236,
  },
  {
    description: 'Platformvergoeding 12,5% over bestelling A-3: Vaas',
    orderNumber: 'A-3',
    quantity: 7,
    netCents: 333,
    vatPercent: 21,
    vatCents: 70,
  },
];

const invoice = (customer: InvoiceParty): InvoiceDocumentInput => ({
  kind: 'invoice',
  number: 'AM-2031-000001',
  issueDate: '2031-03-01',
  supplyFrom: '2031-02-01',
  supplyTo: '2031-02-28',
  correctsNumber: null,
  supplier: PLATFORM,
  customer,
  lines,
});
const creditNote = (customer: InvoiceParty): InvoiceDocumentInput => ({
  ...invoice(customer),
  kind: 'creditNote',
  number: 'AM-2031-000003',
  issueDate: '2031-04-01',
  correctsNumber: 'AM-2031-000001',
  lines: [{ ...lines[0], netCents: -1000, vatCents: -210 } as (typeof lines)[number]],
});

const documents: [string, InvoiceDocumentInput][] = [
  ['invoice, standard workshop with KVK branch and BTW-id', invoice(STANDARD)],
  ['invoice, KOR workshop without branch or BTW-id', invoice(KOR)],
  ['credit note, standard workshop', creditNote(STANDARD)],
  ['credit note, KOR workshop', creditNote(KOR)],
  ['invoice, a party frozen before branch numbers were kept', invoice({ ...STANDARD, kvkBranchNumber: undefined })],
];

// Compiling the two schematrons the first time on a machine takes about a minute each.
beforeAll(async () => {
  await Promise.all([
    schematronFindings('en16931', invoiceUbl(invoice(STANDARD))),
    schematronFindings('siUbl', invoiceUbl(invoice(STANDARD))),
  ]);
}, 300_000);

describe('the UBL e-invoice (SI-UBL 2.0)', () => {
  it.each(documents)('%s: valid by the UBL 2.1 XSD, EN 16931 and SI-UBL 2.0, no fatal finding', async (_, input) => {
    const xml = invoiceUbl(input);
    expect(await ublProblems(xml)).toEqual([]);
    // Not even a warning.
    expect(await schematronFindings('en16931', xml)).toEqual([]);
    expect(await schematronFindings('siUbl', xml)).toEqual([]);
  });

  it('writes the numbers, parties, totals and the reference a credit note needs', () => {
    const xml = invoiceUbl(invoice(STANDARD));
    expect(xml).toContain('<cbc:ID>AM-2031-000001</cbc:ID>');
    expect(xml).toContain('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>');
    expect(xml).toContain('<cbc:CompanyID schemeID="0106">87654321</cbc:CompanyID>');
    expect(xml).toContain('<cbc:StreetName>Oudegracht 1</cbc:StreetName>');
    expect(xml).toContain('<cbc:PostalZone>1012AB</cbc:PostalZone>');
    expect(xml).toContain('<cbc:TaxAmount currencyID="EUR">5.16</cbc:TaxAmount>');
    expect(xml).toContain('<cbc:TaxInclusiveAmount currencyID="EUR">29.74</cbc:TaxInclusiveAmount>');
    expect(xml).toContain('<cbc:PayableAmount currencyID="EUR">0.00</cbc:PayableAmount>');
    expect(xml).toContain('Schaal &lt;blauw&gt; &amp; &quot;wit&quot;');
    const credit = invoiceUbl(creditNote(KOR));
    expect(credit).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(credit).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(credit).toContain(
      '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>AM-2031-000001</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>',
    );
    // A credit note states what it credits as positive amounts.
    expect(credit).toContain('<cbc:LineExtensionAmount currencyID="EUR">10.00</cbc:LineExtensionAmount>');
    expect(credit).not.toContain('BTW-id');
  });

  it('amounts in whole cents, unit prices exact enough that quantity × price rounds to the line amount', () => {
    expect([ublAmount(0), ublAmount(5), ublAmount(-1999), ublAmount(123456)]).toEqual([
      '0.00',
      '0.05',
      '-19.99',
      '1234.56',
    ]);
    expect(ublUnitPrice(1000, 3)).toBe('3.333333');
    expect(ublUnitPrice(1125, 1)).toBe('11.25');
    expect(ublUnitPrice(-300, 2)).toBe('1.50');
    for (const [cents, quantity] of [
      [1000, 3],
      [333, 7],
      [99_999, 997],
    ] as const)
      expect(Math.round(Number(ublUnitPrice(cents, quantity)) * quantity * 100)).toBe(cents);
    expect(postalAddress(PLATFORM)).toEqual({ street: 'Oudegracht 1', postalZone: '3511 AA', city: 'Utrecht' });
  });
});

describe('the validator', () => {
  it('rejects a document without its number (BT-1) and one whose totals do not add up, naming the rule', async () => {
    const good = invoiceUbl(invoice(STANDARD));
    const noNumber = good.replace('<cbc:ID>AM-2031-000001</cbc:ID>', '');
    const withoutId = await schematronFindings('en16931', noNumber);
    expect(withoutId.map((f) => f.id)).toContain('BR-02');
    expect((await ublSchemaErrors(noNumber)).join('\n')).toMatch(/ID/);

    const wrongTotal = good.replace(
      '<cbc:TaxInclusiveAmount currencyID="EUR">29.74</cbc:TaxInclusiveAmount>',
      '<cbc:TaxInclusiveAmount currencyID="EUR">30.74</cbc:TaxInclusiveAmount>',
    );
    const problems = await ublProblems(wrongTotal);
    expect(problems.some((p) => p.startsWith('en16931 BR-CO-15'))).toBe(true);
    expect(problems.some((p) => p.startsWith('siUbl') && p.includes('BR-CO-15'))).toBe(true);
  });

  it('rejects what NLCIUS adds to EN 16931: a Dutch supplier without its KVK number (BR-NL-1)', async () => {
    const xml = invoiceUbl({ ...invoice(STANDARD), supplier: { ...PLATFORM, kvkNumber: null } });
    expect((await schematronFindings('en16931', xml)).filter((f) => f.flag === 'fatal')).toEqual([]);
    expect((await schematronFindings('siUbl', xml)).map((f) => f.id)).toContain('BR-NL-1');
  });

  it('throws when its artefacts are missing, never reporting a document valid unchecked', async () => {
    const before = process.env.UBL_VALIDATION_DIR;
    process.env.UBL_VALIDATION_DIR = mkdtempSync(path.join(tmpdir(), 'no-ubl-artefacts-'));
    try {
      await expect(ublSchemaErrors(invoiceUbl(invoice(STANDARD)))).rejects.toThrow(/artefact missing/);
    } finally {
      if (before === undefined) delete process.env.UBL_VALIDATION_DIR;
      else process.env.UBL_VALIDATION_DIR = before;
    }
  });

  it('never reports a document it could not read as valid', async () => {
    await expect(schematronFindings('siUbl', 'geen xml')).rejects.toThrow();
    expect((await ublSchemaErrors('<Invoice')).length).toBeGreaterThan(0);
  });
});
