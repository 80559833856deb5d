import { type IssueInvoicesResult, invoiceFileName } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, products, reservationProducts, reservations, workspaces } from '../../db/schema/index.ts';
import { LOGINS, WORKSHOP_A, WORKSHOP_B } from '../../security/security-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { schematronFindings, ublProblems } from '../../test/ubl-validation.ts';
import { makeProduct } from '../reservations/reservation-fixtures.ts';
import { writeSettings } from '../settings/index.ts';

/**
 * The documents of the fee invoices (issue 23.4): the e-invoice (UBL, SI-UBL 2.0) written at issue, valid and frozen
 * like the PDF, written once for rows issued before it existed; and the bookkeeper's zip of a month, by role.
 */
let t: TestApp;
let superToken: string;
let adminA: string;
let adminB: string;
let userA: string;
let tenantA: string;
let tenantB: string;
let order = 0;

beforeAll(async () => {
  t = await createTestApp({}, { now: new Date('2032-02-20T12:00:00Z') });
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminA = await t.tokenFor(LOGINS.adminA.user, WORKSHOP_A);
  adminB = await t.tokenFor(LOGINS.adminB.user, WORKSHOP_B);
  userA = await t.tokenFor(LOGINS.userA.user, WORKSHOP_A);
  tenantA = await t.tenantId(WORKSHOP_A);
  tenantB = await t.tenantId(WORKSHOP_B);
  await t.ctx.db.transaction((tx) =>
    writeSettings(
      tx,
      {
        platformLegalName: 'Ateliermarkt B.V.',
        platformAddress: 'Oudegracht 1\n3511 AA Utrecht',
        platformKvkNumber: '87654321',
        platformVatId: 'NL004495445B01',
      },
      null,
    ),
  );
  // A: a standard workshop with KVK branch and BTW-id; B: under the KOR, KVK only.
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
    .where(eq(workspaces.tenantId, tenantA));
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
    .where(eq(workspaces.tenantId, tenantB));
}, 300_000);
afterAll(async () => {
  await t?.close();
});

async function paid(workshop: string, paidAt: string, priceCents = 4500) {
  const tenantId = workshop === WORKSHOP_A ? tenantA : tenantB;
  const product = await makeProduct(t, workshop, { priceCents });
  order += 1;
  const [r] = await t.ctx.db
    .insert(reservations)
    .values({
      tenantId,
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
      paidAt: new Date(paidAt),
    })
    .returning({ id: reservations.id });
  if (!r) throw new Error('no reservation');
  await t.ctx.db.insert(reservationProducts).values({
    reservationId: r.id,
    productId: product.id,
    priceCents,
    quantity: 2,
    taxPercent: workshop === WORKSHOP_A ? 21 : 0,
    feePercent: 25,
    feeVatPercent: 21,
  });
  return r.id;
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

describe('the e-invoice of each invoice and credit note', () => {
  it('is written at issue for a standard and a KOR workshop, and passes the XSD and both schematrons', async () => {
    const returnedA = await paid(WORKSHOP_A, '2032-02-03T10:00:00Z');
    await paid(WORKSHOP_A, '2032-02-04T10:00:00Z', 1999);
    const returnedB = await paid(WORKSHOP_B, '2032-02-05T10:00:00Z', 1333);
    t.clock.set(new Date('2032-03-01T08:00:00Z'));
    const february = await issue('2032-02');
    expect(february.status).toBe(200);
    const invoiceA = february.body.issued.find((i) => i.tenantId === tenantA);
    const invoiceB = february.body.issued.find((i) => i.tenantId === tenantB);
    for (const id of [returnedA, returnedB])
      await t.ctx.db
        .update(reservations)
        .set({ status: 7, returnReceivedAt: new Date('2032-03-05T10:00:00Z') })
        .where(eq(reservations.id, id));
    t.clock.set(new Date('2032-04-01T08:00:00Z'));
    const march = await issue('2032-03');
    const creditA = march.body.issued.find((i) => i.tenantId === tenantA);
    const creditB = march.body.issued.find((i) => i.tenantId === tenantB);
    ids = {
      invoiceA: String(invoiceA?.id),
      invoiceB: String(invoiceB?.id),
      creditA: String(creditA?.id),
      creditB: String(creditB?.id),
    };
    const stored = await t.ctx.db.select().from(invoices).where(eq(invoices.id, ids.invoiceA));
    expect(stored[0]?.ubl).toContain('<cbc:ID>');

    for (const [id, number, root] of [
      [ids.invoiceA, invoiceA?.number, 'Invoice'],
      [ids.invoiceB, invoiceB?.number, 'Invoice'],
      [ids.creditA, creditA?.number, 'CreditNote'],
      [ids.creditB, creditB?.number, 'CreditNote'],
    ]) {
      const { res, bytes } = await ubl(String(id));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${invoiceFileName(String(number), 'ubl')}"`,
      );
      const xml = bytes.toString('utf8');
      expect(xml).toContain(`<${root} xmlns=`);
      expect(xml).toContain(`<cbc:ID>${String(number)}</cbc:ID>`);
      expect(await ublProblems(xml), `${String(number)}\n${xml}`).toEqual([]);
    }
    const credit = (await ubl(ids.creditA)).bytes.toString('utf8');
    expect(credit).toContain(`<cac:InvoiceDocumentReference><cbc:ID>${String(invoiceA?.number)}</cbc:ID>`);
    const ofA = (await ubl(ids.invoiceA)).bytes.toString('utf8');
    expect(ofA).toContain('<cbc:CompanyID>NL000099998B57</cbc:CompanyID>');
    expect(ofA).toContain('<cbc:ID>000012345678</cbc:ID>');
    const ofB = (await ubl(ids.invoiceB)).bytes.toString('utf8');
    expect(ofB).toContain('<cbc:CompanyID schemeID="0106">23456789</cbc:CompanyID>');
    expect(ofB.match(/<cbc:CompanyID>NL/g)).toHaveLength(1); // only the platform's BTW-id
  }, 300_000);

  it('is frozen: renaming a product and editing the workshop change no byte', async () => {
    const before = (await ubl(ids.invoiceA)).bytes;
    await t.ctx.db.update(products).set({ name: 'Hernoemd' }).where(eq(products.tenantId, tenantA));
    await t.ctx.db.update(workspaces).set({ legalName: 'Anders B.V.' }).where(eq(workspaces.tenantId, tenantA));
    expect((await ubl(ids.invoiceA)).bytes.equals(before)).toBe(true);
  });

  it('an invoice issued before the e-invoice existed gets one on its first download, stored and valid', async () => {
    await t.ctx.db.update(invoices).set({ ubl: null }).where(eq(invoices.id, ids.creditB));
    const first = (await ubl(ids.creditB)).bytes;
    const [row] = await t.ctx.db.select().from(invoices).where(eq(invoices.id, ids.creditB));
    expect(row?.ubl).toBe(first.toString('utf8'));
    expect((await ubl(ids.creditB)).bytes.equals(first)).toBe(true);
    expect(await ublProblems(first.toString('utf8'))).toEqual([]);
    expect((await schematronFindings('siUbl', first.toString('utf8'))).filter((f) => f.flag === 'fatal')).toEqual([]);
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
