import { describe, expect, it } from 'vitest';
import { readUbl } from '../../test/ubl-read.ts';
import { invoiceUbl, postalAddress, ublAmount, ublUnitPrice } from './invoice-ubl.ts';
import { creditNote, invoice, KOR, PLATFORM, STANDARD, UBL_DOCUMENTS } from './invoice-ubl-fixtures.ts';

/**
 * The e-invoice (UBL, beside the PDF), read back by a parser (libxml2 for well-formedness, SaxonJS's XPath for the fields):
 * numbers, parties, totals, the credit note's reference and cent amounts of every kind of document we issue. These
 * need no validation artefacts; the check against the UBL 2.1 XSD and the EN 16931 and SI-UBL 2.0 schematrons is
 * invoice-ubl.conformance.test.ts (`npm run test:ubl-conformance`, docs/invoices.md).
 */

const SI_UBL = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:nen.nl:nlcius:v1.0';

describe('the UBL e-invoice (SI-UBL 2.0), read back', () => {
  it.each(UBL_DOCUMENTS)('%s: well-formed, in euro, the totals adding up to the lines', async (_, input) => {
    const doc = await readUbl(invoiceUbl(input));
    const credit = input.kind === 'creditNote';
    expect(doc.root).toBe(credit ? 'CreditNote' : 'Invoice');
    expect(doc.namespace).toBe(`urn:oasis:names:specification:ubl:schema:xsd:${doc.root}-2`);
    expect(doc.customizationId).toBe(SI_UBL);
    expect(doc.number).toBe(input.number);
    expect(doc.issueDate).toBe(input.issueDate);
    expect(doc.typeCode).toBe(credit ? '381' : '380');
    expect(doc.billingReference).toBe(input.correctsNumber);
    expect([doc.currency, ...doc.amountCurrencies]).toEqual(['EUR', 'EUR']);
    expect([doc.periodStart, doc.periodEnd]).toEqual([input.supplyFrom, input.supplyTo]);
    expect(doc.supplier.registrationName).toBe(input.supplier.name);
    expect(doc.supplier.kvkNumber).toBe(input.supplier.kvkNumber);
    expect(doc.supplier.vatId).toBe(input.supplier.vatId);
    expect(doc.customer.registrationName).toBe(input.customer.name);
    expect(doc.customer.name).toBe(input.customer.name);
    expect(doc.customer.kvkNumber).toBe(input.customer.kvkNumber);
    expect(doc.customer.branchNumber).toBe(input.customer.kvkBranchNumber ?? null);
    expect(doc.customer.vatId).toBe(input.customer.vatId);
    expect(doc.customer.country).toBe('NL');

    // A credit note states what it credits as positive amounts.
    const sign = credit ? -1 : 1;
    const net = input.lines.reduce((n, l) => n + sign * l.netCents, 0);
    const vat = input.lines.reduce((n, l) => n + sign * l.vatCents, 0);
    expect(doc.lines.map((l) => l.amount)).toEqual(input.lines.map((l) => ublAmount(sign * l.netCents)));
    expect(doc.lines.map((l) => l.id)).toEqual(input.lines.map((_, n) => String(n + 1)));
    expect(doc.lineExtensionAmount).toBe(ublAmount(net));
    expect(doc.taxExclusiveAmount).toBe(ublAmount(net));
    expect(doc.taxTotal).toBe(ublAmount(vat));
    expect(doc.taxSubtotals).toEqual([{ taxable: ublAmount(net), tax: ublAmount(vat), category: 'S', percent: '21' }]);
    expect(doc.taxInclusiveAmount).toBe(ublAmount(net + vat));
    // The fee was set off against the payout: all of it prepaid, nothing payable.
    expect(doc.prepaidAmount).toBe(ublAmount(net + vat));
    expect(doc.payableAmount).toBe('0.00');
  });

  it('writes the numbers, parties, totals and the reference a credit note needs', async () => {
    const doc = await readUbl(invoiceUbl(invoice(STANDARD)));
    expect(doc.number).toBe('AM-2031-000001');
    expect(doc.issueDate).toBe('2031-03-01');
    expect(doc.typeCode).toBe('380');
    expect(doc.supplier).toEqual({
      name: 'Ateliermarkt B.V.',
      registrationName: 'Ateliermarkt B.V.',
      kvkNumber: '87654321',
      branchNumber: null,
      vatId: 'NL004495445B01',
      street: 'Oudegracht 1',
      postalZone: '3511 AA',
      city: 'Utrecht',
      country: 'NL',
    });
    expect(doc.customer).toEqual({
      name: 'De Draaischijf V.O.F.',
      registrationName: 'De Draaischijf V.O.F.',
      kvkNumber: '12345678',
      branchNumber: '000012345678',
      vatId: 'NL000099998B57',
      street: 'Keramiekstraat 12',
      postalZone: '1012AB',
      city: 'Amsterdam',
      country: 'NL',
    });
    expect([
      doc.lineExtensionAmount,
      doc.taxTotal,
      doc.taxInclusiveAmount,
      doc.prepaidAmount,
      doc.payableAmount,
    ]).toEqual(['24.58', '5.16', '29.74', '29.74', '0.00']);
    expect(doc.lines[0]).toEqual({
      id: '1',
      quantity: '3',
      amount: '10.00',
      // Escaped in the text, read back as written.
      description: 'Platformvergoeding 25% over bestelling A-1: Schaal <blauw> & "wit"',
      name: expect.stringContaining('A-1'),
      taxCategory: 'S',
      taxPercent: '21',
      price: '3.333333',
    });

    const kor = await readUbl(invoiceUbl(invoice(KOR)));
    expect(kor.customer.name).toBe('Atelier Klein & Fijn');
    expect([kor.customer.kvkNumber, kor.customer.branchNumber, kor.customer.vatId]).toEqual(['23456789', null, null]);

    const credit = await readUbl(invoiceUbl(creditNote(KOR)));
    expect([credit.root, credit.typeCode, credit.number]).toEqual(['CreditNote', '381', 'AM-2031-000003']);
    expect(credit.billingReference).toBe('AM-2031-000001');
    expect(credit.lines).toHaveLength(1);
    expect([credit.lines[0]?.quantity, credit.lines[0]?.amount, credit.lines[0]?.price]).toEqual([
      '3',
      '10.00',
      '3.333333',
    ]);
    expect([credit.taxTotal, credit.taxInclusiveAmount, credit.payableAmount]).toEqual(['2.10', '12.10', '0.00']);
    expect(invoiceUbl(creditNote(KOR))).not.toContain('BTW-id');
  });

  it('the reader refuses what is not well-formed XML rather than reading nothing', async () => {
    const good = invoiceUbl(invoice(STANDARD));
    await expect(readUbl(good.replace('</cac:PartyName>', ''))).rejects.toThrow(/not well-formed/);
    await expect(readUbl('geen xml')).rejects.toThrow(/not well-formed/);
    await expect(readUbl(good.replace('<cbc:ID>AM-2031-000001</cbc:ID>', ''))).resolves.toMatchObject({
      number: null,
    });
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
