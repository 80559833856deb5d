import type { InvoiceParty } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { reservationProducts, reservations, workspaces } from '../../db/schema/index.ts';
import type { InvoiceDocumentInput } from '../../templates/documents/invoice.ts';
import { withPlatformLegal } from '../../test/factories.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * The e-invoices the tests make: documents of each kind for invoiceUbl(), and the set-up that lets the
 * API issue them for a standard workshop (A) and one under the KOR (B). Shared by the structural tests
 * (invoice-ubl.test.ts, invoice-files.routes.test.ts) and the conformance tests against the official artefacts
 * (invoice-ubl.conformance.test.ts).
 */

export const PLATFORM: InvoiceParty = {
  name: 'Ateliermarkt B.V.',
  address: ['Oudegracht 1', '3511 AA Utrecht'],
  kvkNumber: '87654321',
  vatId: 'NL004495445B01',
};
export const STANDARD: InvoiceParty = {
  name: 'De Draaischijf V.O.F.',
  address: ['Keramiekstraat 12', '1012AB Amsterdam'],
  kvkNumber: '12345678',
  kvkBranchNumber: '000012345678',
  vatId: 'NL000099998B57',
};
/** Under the KOR: no BTW-id, no branch number. */
export const KOR: InvoiceParty = {
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

/** An invoice of three lines: net 24.58, BTW 5.16, total 29.74. */
export const invoice = (customer: InvoiceParty): InvoiceDocumentInput => ({
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
/** A credit note of the invoice's first line: net 10.00, BTW 2.10. */
export const creditNote = (customer: InvoiceParty): InvoiceDocumentInput => ({
  ...invoice(customer),
  kind: 'creditNote',
  number: 'AM-2031-000003',
  issueDate: '2031-04-01',
  correctsNumber: 'AM-2031-000001',
  lines: [{ ...lines[0], netCents: -1000, vatCents: -210 } as (typeof lines)[number]],
});

/** Every variant we issue: standard and KOR workshop, with and without branch and BTW-id, invoice and credit note. */
export const UBL_DOCUMENTS: [string, InvoiceDocumentInput][] = [
  ['invoice, standard workshop with KVK branch and BTW-id', invoice(STANDARD)],
  ['invoice, KOR workshop without branch or BTW-id', invoice(KOR)],
  ['credit note, standard workshop', creditNote(STANDARD)],
  ['credit note, KOR workshop', creditNote(KOR)],
  ['invoice, a party frozen before branch numbers were kept', invoice({ ...STANDARD, kvkBranchNumber: undefined })],
];

/** The platform as supplier; A a standard workshop with KVK branch and BTW-id; B under the KOR, KVK only. */
export async function setUpInvoiceParties(t: TestApp, workshopA: string, workshopB: string) {
  await withPlatformLegal(t);
  await t.ctx.db
    .update(workspaces)
    .set({
      legalName: 'De Draaischijf V.O.F.',
      kvkNumber: '12345678',
      kvkBranchNumber: '000012345678',
      vatId: 'NL000099998B57',
      street: 'Keramiekstraat',
      streetNumber: '12',
      zipCode: '1012 AB',
      city: 'Amsterdam',
    })
    .where(eq(workspaces.tenantId, workshopA));
  await t.ctx.db
    .update(workspaces)
    .set({
      legalName: 'Glasatelier Helder',
      kvkNumber: '23456789',
      kvkBranchNumber: null,
      vatId: null,
      vatRegime: 'kor',
      street: 'Lindengracht',
      streetNumber: '3',
      zipCode: '9711 CC',
      city: 'Groningen',
    })
    .where(eq(workspaces.tenantId, workshopB));
}

let order = 0;

/**
 * A paid order of two of a product at `priceCents` (fee 25 %, BTW on the fee 21 %; the product's BTW `taxPercent`:
 * 21 % at the standard workshop, 0 % under the KOR); returns the reservation's id.
 */
export async function paidOrder(
  t: TestApp,
  o: { tenantId: string; productId: string; paidAt: string; priceCents: number; taxPercent: number },
) {
  order += 1;
  const [r] = await t.ctx.db
    .insert(reservations)
    .values({
      tenantId: o.tenantId,
      orderNumber: `UBL-${order}`,
      status: 3,
      deliveryMethodId: 3,
      deliveryQuantity: 1,
      deliveryPriceCents: 0,
      name: 'Klant',
      street: 'Straat',
      streetNumber: '1',
      zipCode: '1234 AB',
      city: 'Utrecht',
      email: 'klant@example.nl',
      paidAt: new Date(o.paidAt),
    })
    .returning({ id: reservations.id });
  if (!r) throw new Error('no reservation');
  await t.ctx.db.insert(reservationProducts).values({
    reservationId: r.id,
    productId: o.productId,
    priceCents: o.priceCents,
    quantity: 2,
    taxPercent: o.taxPercent,
    feePercent: 25,
    feeVatPercent: 21,
  });
  return r.id;
}
