import { type IssueInvoicesResult, invoiceFileName } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, products, reservations, workspaces } from '../../db/schema/index.ts';
import { LOGINS, WORKSHOP_A, WORKSHOP_B } from '../../security/security-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { readUbl } from '../../test/ubl-read.ts';
import { makeProduct } from '../reservations/reservation-fixtures.ts';
import { ublAmount } from './invoice-ubl.ts';
import { paidOrder, setUpInvoiceParties } from './invoice-ubl-fixtures.ts';

/**
 * The documents of the fee invoices: the e-invoice (UBL, SI-UBL 2.0) written at issue and frozen like
 * the PDF, read back by a parser; written once for rows issued before it existed; and the bookkeeper's zip of a
 * month, by role. Their validity against the UBL 2.1 XSD and the EN 16931 and SI-UBL 2.0 schematrons is proven by
 * invoice-ubl.conformance.test.ts (`npm run test:ubl-conformance`), which needs the official artefacts.
 */
let t: TestApp;
let superToken: string;
let adminA: string;
let adminB: string;
let userA: string;
let workshopA: string;
let workshopB: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: new Date('2032-02-20T12:00:00Z') });
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminA = await t.tokenFor(LOGINS.adminA.user, WORKSHOP_A);
  adminB = await t.tokenFor(LOGINS.adminB.user, WORKSHOP_B);
  userA = await t.tokenFor(LOGINS.userA.user, WORKSHOP_A);
  workshopA = await t.tenantId(WORKSHOP_A);
  workshopB = await t.tenantId(WORKSHOP_B);
  await setUpInvoiceParties(t, workshopA, workshopB);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

async function paid(workshop: string, paidAt: string, priceCents = 4500) {
  const product = await makeProduct(t, workshop, { priceCents });
  const standard = workshop === WORKSHOP_A;
  return paidOrder(t, {
    tenantId: standard ? workshopA : workshopB,
    productId: product.id,
    paidAt,
    priceCents,
    taxPercent: standard ? 21 : 0,
  });
}

const issue = (month: string) =>
  t.call<IssueInvoicesResult>('POST', `/api/invoices?month=${month}`, { token: superToken });
async function download(path: string, token = superToken) {
  const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}
const ubl = (id: string, token = superToken) => download(`/api/files/invoice?id=${id}&format=ubl`, token);
const zip = (month: string, token = superToken) => download(`/api/files/invoices?month=${month}`, token);

let ids: { invoiceA: string; invoiceB: string; creditA: string; creditB: string };
/** The numbers of B's invoice and credit note. */
let numbersB: { invoice: string; credit: string };

describe('the e-invoice of each invoice and credit note', () => {
  it('is written at issue for a standard and a KOR workshop, with its number, date, parties and totals read back', async () => {
    const returnedA = await paid(WORKSHOP_A, '2032-02-03T10:00:00Z');
    await paid(WORKSHOP_A, '2032-02-04T10:00:00Z', 1999);
    const returnedB = await paid(WORKSHOP_B, '2032-02-05T10:00:00Z', 1333);
    t.clock.set(new Date('2032-03-01T08:00:00Z'));
    const february = await issue('2032-02');
    expect(february.status).toBe(200);
    const invoiceA = february.body.issued.find((i) => i.tenantId === workshopA);
    const invoiceB = february.body.issued.find((i) => i.tenantId === workshopB);
    for (const id of [returnedA, returnedB])
      await t.ctx.db
        .update(reservations)
        .set({ status: 7, returnReceivedAt: new Date('2032-03-05T10:00:00Z') })
        .where(eq(reservations.id, id));
    t.clock.set(new Date('2032-04-01T08:00:00Z'));
    const march = await issue('2032-03');
    const creditA = march.body.issued.find((i) => i.tenantId === workshopA);
    const creditB = march.body.issued.find((i) => i.tenantId === workshopB);
    ids = {
      invoiceA: String(invoiceA?.id),
      invoiceB: String(invoiceB?.id),
      creditA: String(creditA?.id),
      creditB: String(creditB?.id),
    };
    numbersB = { invoice: String(invoiceB?.number), credit: String(creditB?.number) };
    const stored = await t.ctx.db.select().from(invoices).where(eq(invoices.id, ids.invoiceA));
    expect(stored[0]?.ubl).toContain('<cbc:ID>');

    const parties = {
      [workshopA]: {
        name: 'De Draaischijf V.O.F.',
        kvkNumber: '12345678',
        branchNumber: '000012345678',
        vatId: 'NL000099998B57',
      },
      [workshopB]: { name: 'Glasatelier Helder', kvkNumber: '23456789', branchNumber: null, vatId: null },
    };
    for (const [summary, root, corrects] of [
      [invoiceA, 'Invoice', null],
      [invoiceB, 'Invoice', null],
      [creditA, 'CreditNote', invoiceA?.number],
      [creditB, 'CreditNote', invoiceB?.number],
    ] as const) {
      if (!summary) throw new Error('a document was not issued');
      const { res, bytes } = await ubl(summary.id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${invoiceFileName(summary.number, 'ubl')}"`,
      );
      const doc = await readUbl(bytes.toString('utf8'));
      expect(doc.root).toBe(root);
      expect(doc.number).toBe(summary.number);
      expect(doc.issueDate).toBe(summary.issueDate);
      expect(doc.billingReference).toBe(corrects);
      expect(doc.supplier).toMatchObject({
        registrationName: 'Ateliermarkt B.V.',
        kvkNumber: '87654321',
        vatId: 'NL004495445B01',
        street: 'Oudegracht 1',
        postalZone: '3511 AA',
        city: 'Utrecht',
      });
      expect(doc.customer).toMatchObject({ ...parties[summary.tenantId], registrationName: summary.workshopName });
      // A credit note states what it credits as positive amounts.
      const sign = summary.kind === 'creditNote' ? -1 : 1;
      expect(doc.taxTotal).toBe(ublAmount(sign * summary.vatCents));
      expect(doc.taxExclusiveAmount).toBe(ublAmount(sign * summary.netCents));
      expect(doc.taxInclusiveAmount).toBe(ublAmount(sign * summary.grossCents));
      expect(doc.prepaidAmount).toBe(ublAmount(sign * summary.grossCents));
      expect(doc.payableAmount).toBe('0.00');
    }
    // Worked out by hand. A (product BTW 21 %): the fee is 25 % of the price without BTW, 90.00 / 1.21 → 18.60 and
    // 39.98 / 1.21 → 8.26, with 21 % BTW 3.91 + 1.73. B (KOR, 0 %): 25 % of 26.66 → 6.67, BTW 1.40.
    const a = await readUbl((await ubl(ids.invoiceA)).bytes.toString('utf8'));
    expect([a.taxExclusiveAmount, a.taxTotal, a.payableAmount]).toEqual(['26.86', '5.64', '0.00']);
    expect(a.customer.postalZone).toBe('1012 AB');
    const b = await readUbl((await ubl(ids.invoiceB)).bytes.toString('utf8'));
    expect([b.taxExclusiveAmount, b.taxTotal, b.payableAmount]).toEqual(['6.67', '1.40', '0.00']);
    const credit = await readUbl((await ubl(ids.creditA)).bytes.toString('utf8'));
    expect([credit.lines.length, credit.taxExclusiveAmount]).toEqual([1, '18.60']);
  }, 300_000);

  it('is frozen: renaming a product and editing the workshop change no byte', async () => {
    const before = (await ubl(ids.invoiceA)).bytes;
    await t.ctx.db.update(products).set({ name: 'Hernoemd' }).where(eq(products.tenantId, workshopA));
    await t.ctx.db.update(workspaces).set({ legalName: 'Anders B.V.' }).where(eq(workspaces.tenantId, workshopA));
    expect((await ubl(ids.invoiceA)).bytes.equals(before)).toBe(true);
  });

  it('an invoice issued before the e-invoice existed gets one on its first download, stored and read back', async () => {
    await t.ctx.db.update(invoices).set({ ubl: null }).where(eq(invoices.id, ids.creditB));
    const first = (await ubl(ids.creditB)).bytes;
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, ids.creditB));
    expect(row?.ubl).toBe(first.toString('utf8'));
    expect((await ubl(ids.creditB)).bytes.equals(first)).toBe(true);
    const again = await readUbl(first.toString('utf8'));
    expect([again.root, again.number, again.billingReference]).toEqual([
      'CreditNote',
      numbersB.credit,
      numbersB.invoice,
    ]);
    expect(again.customer).toMatchObject({
      registrationName: 'Glasatelier Helder',
      kvkNumber: '23456789',
      vatId: null,
    });
  });

  it('who: the own workshop admin and the super admin; another workshop 404; a user 403', async () => {
    expect((await ubl(ids.invoiceA, adminA)).res.status).toBe(200);
    expect((await ubl(ids.invoiceA, adminB)).res.status).toBe(404);
    expect((await ubl(ids.invoiceA, userA)).res.status).toBe(403);
    expect((await download(`/api/files/invoice?id=${ids.invoiceA}&format=doc`)).res.status).toBe(400);
  });
});

describe("the bookkeeper's zip of a month", () => {
  it('holds the PDF and the e-invoice of each document the caller may see, the same as their downloads', async () => {
    const all = await zip('2032-02');
    expect(all.res.status).toBe(200);
    expect(all.res.headers.get('content-type')).toBe('application/zip');
    expect(all.res.headers.get('content-disposition')).toBe('attachment; filename="facturen-2032-02.zip"');
    const files = unzipSync(new Uint8Array(all.bytes));
    const [a] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, ids.invoiceA));
    const [b] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, ids.invoiceB));
    if (!a || !b) throw new Error('invoices missing');
    expect(Object.keys(files).sort()).toEqual(
      [
        invoiceFileName(a.number),
        invoiceFileName(a.number, 'ubl'),
        invoiceFileName(b.number),
        invoiceFileName(b.number, 'ubl'),
      ].sort(),
    );
    expect(Buffer.from(files[invoiceFileName(a.number)] ?? []).equals(a.pdf)).toBe(true);
    expect(Buffer.from(files[invoiceFileName(b.number, 'ubl')] ?? []).toString('utf8')).toBe(b.ubl);

    const own = unzipSync(new Uint8Array((await zip('2032-02', adminA)).bytes));
    expect(Object.keys(own).sort()).toEqual([invoiceFileName(a.number), invoiceFileName(a.number, 'ubl')].sort());
    const march = unzipSync(new Uint8Array((await zip('2032-03', adminB)).bytes));
    expect(Object.keys(march)).toHaveLength(2);
    expect(Object.keys(unzipSync(new Uint8Array((await zip('2032-05')).bytes)))).toEqual([]);
    expect((await zip('2032-02', userA)).res.status).toBe(403);
    expect((await zip('2032-13')).res.status).toBe(400);
  });
});
