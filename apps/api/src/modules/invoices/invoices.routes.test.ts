import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  calculateCents,
  type ErrorEnvelope,
  INVOICE_MESSAGES,
  type InvoiceList,
  type IssueInvoicesResult,
} from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, products, reservationProducts, reservations, workspaces } from '../../db/schema/index.ts';
import { LOGINS, WORKSHOP_A, WORKSHOP_B } from '../../security/security-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeProduct } from '../reservations/reservation-fixtures.ts';
import { resetSettings, writeSettings } from '../settings/index.ts';
import { issueLastMonth, lastMonth } from './invoice-job.ts';

/** Fee invoices and credit notes: issue once, number without gaps, freeze, credit a return. */
let t: TestApp;
let superToken: string;
let adminA: string;
let adminB: string;
let userA: string;
let workshopA: string;
let workshopB: string;
let order = 0;

const PLATFORM = {
  platformLegalName: 'Ateliermarkt B.V.',
  platformAddress: 'Oudegracht 1\n3511 AA Utrecht',
  platformKvkNumber: '87654321',
  platformVatId: 'NL004495445B01',
};

beforeAll(async () => {
  t = await createTestApp({}, { now: new Date('2031-02-20T12:00:00Z') });
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  adminA = await t.tokenFor(LOGINS.adminA.user, WORKSHOP_A);
  userA = await t.tokenFor(LOGINS.userA.user, WORKSHOP_A);
  adminB = await t.tokenFor(LOGINS.adminB.user, WORKSHOP_B);
  workshopA = await t.tenantId(WORKSHOP_A);
  workshopB = await t.tenantId(WORKSHOP_B);
  await t.ctx.db
    .update(workspaces)
    .set({ legalName: 'De Draaischijf V.O.F.', kvkNumber: '12345678', vatId: 'NL000099998B57' })
    .where(eq(workspaces.tenantId, workshopA));
});
afterAll(async () => {
  await t?.close();
});

/** A paid reservation of one product line straight in the database (the shop is tested on its own). */
async function paid(workshop: string, paidAt: string, priceCents = 4500, status = 3) {
  const workshopId = workshop === WORKSHOP_A ? workshopA : workshopB;
  const product = await makeProduct(t, workshop, { priceCents });
  order += 1;
  const [r] = await t.ctx.db
    .insert(reservations)
    .values({
      tenantId: workshopId,
      orderNumber: `INV-${order}`,
      status,
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
    taxPercent: 21,
    feePercent: 25,
    feeVatPercent: 21,
  });
  return { id: r.id, productId: product.id };
}

const issue = (month: string, token = superToken) =>
  t.call<IssueInvoicesResult & ErrorEnvelope>('POST', `/api/invoices?month=${month}`, { token });
const list = (month: string, token = superToken) =>
  t.call<InvoiceList>('GET', `/api/invoices?month=${month}`, { token });
async function download(id: string, token = superToken) {
  const res = await fetch(`${t.baseUrl}/api/files/invoice?id=${id}&format=pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}
function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'invoice-')), 'f.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('issuing the invoices of a month', () => {
  it('refuses a month that is not over, and while the platform is not set (409, Dutch)', async () => {
    // The demo fills the platform's data: empty it first.
    await t.ctx.db.transaction((tx) => resetSettings(tx, Object.keys(PLATFORM) as (keyof typeof PLATFORM)[]));
    const now = await issue('2031-02');
    expect(now.status).toBe(409);
    expect(now.body.error.message).toBe(INVOICE_MESSAGES.monthNotOver);
    const unset = await issue('2031-01');
    expect(unset.status).toBe(409);
    expect(unset.body.error.message).toBe(INVOICE_MESSAGES.platformNotSet);
  });

  it('issues one invoice per workshop, numbered without gaps, once; the PDF has every field', async () => {
    await t.ctx.db.transaction((tx) => writeSettings(tx, PLATFORM, null));
    const a1 = await paid(WORKSHOP_A, '2031-02-03T10:00:00Z');
    await paid(WORKSHOP_A, '2031-02-10T10:00:00Z', 1999);
    await paid(WORKSHOP_B, '2031-02-11T10:00:00Z');
    t.clock.set(new Date('2031-03-01T08:00:00Z'));
    const first = await issue('2031-02');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.issued.map((i) => i.number).sort()).toEqual(['AM-2031-000001', 'AM-2031-000002']);
    const own = first.body.issued.find((i) => i.tenantId === workshopA);
    const [big, small] = [calculateCents(4500, 21, 25, 21), calculateCents(1999, 21, 25, 21)];
    expect(own).toMatchObject({
      kind: 'invoice',
      workshopName: 'De Draaischijf V.O.F.',
      issueDate: '2031-03-01',
      netCents: big.feeCents + small.feeCents,
      vatCents: big.feeVatCents + small.feeVatCents,
      status: 'issued',
    });
    // Safe to repeat: nothing new, nothing changed.
    const again = await issue('2031-02');
    expect(again.body.issued).toEqual([]);
    expect((await list('2031-02')).body.invoices).toHaveLength(2);

    const { res, bytes } = await download(String(own?.id), adminA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${String(own?.number)}.pdf"`);
    const text = pdfText(bytes);
    for (const field of [
      'Factuur AM-2031-000001',
      'Factuurdatum: 01-03-2031',
      'Leveringsperiode: 01-02-2031 t/m 28-02-2031',
      'Ateliermarkt B.V.',
      'Oudegracht 1',
      'KVK-nummer: 87654321',
      'Btw-id: NL004495445B01',
      'De Draaischijf V.O.F.',
      'Btw-id: NL000099998B57',
      'Totaal excl. btw',
      'Btw 21%',
      'Totaal incl. btw',
      `bestelling INV-`,
    ])
      expect(text, field).toContain(field.replace('AM-2031-000001', String(own?.number)));
    expect(text).toContain(`bestelling INV-${order - 2}`);
    expect(a1.id).toBeTruthy();
  });

  it('frozen: renaming a product, changing the fee BTW and the workshop address change no byte of an issued invoice', async () => {
    const [issued] = (await list('2031-02', adminA)).body.invoices;
    const before = (await download(String(issued?.id))).bytes;
    await t.ctx.db.update(products).set({ name: 'Hernoemd' }).where(eq(products.tenantId, workshopA));
    await t.ctx.db
      .update(workspaces)
      .set({ street: 'Nieuwe Weg', legalName: 'Anders B.V.' })
      .where(eq(workspaces.tenantId, workshopA));
    await t.ctx.db.transaction((tx) => writeSettings(tx, { feeVatPercent: 9, platformLegalName: 'Nieuw B.V.' }, null));
    try {
      const after = (await download(String(issued?.id))).bytes;
      expect(after.equals(before)).toBe(true);
      expect((await list('2031-02', adminA)).body.invoices[0]).toEqual(issued);
    } finally {
      await t.ctx.db.transaction((tx) => writeSettings(tx, PLATFORM, null));
      await t.ctx.db.transaction((tx) => resetSettings(tx, ['feeVatPercent']));
    }
  });

  it('a return credited in a later month gets a credit note referring to the invoice, next in the series', async () => {
    const [invoiceA] = (await list('2031-02', adminA)).body.invoices;
    const [sale] = await t.ctx.db.select().from(reservations).where(eq(reservations.orderNumber, 'INV-1'));
    await t.ctx.db
      .update(reservations)
      .set({ status: 7, returnReceivedAt: new Date('2031-03-05T10:00:00Z') })
      .where(eq(reservations.id, String(sale?.id)));
    t.clock.set(new Date('2031-04-02T08:00:00Z'));
    const march = await issue('2031-03');
    expect(march.status).toBe(200);
    const fee = calculateCents(4500, 21, 25, 21);
    expect(march.body.issued).toEqual([
      expect.objectContaining({
        number: 'AM-2031-000003',
        kind: 'creditNote',
        tenantId: workshopA,
        correctsNumber: String(invoiceA?.number),
        netCents: -fee.feeCents,
        vatCents: -fee.feeVatCents,
      }),
    ]);
    expect((await list('2031-02', adminA)).body.invoices[0]?.status).toBe('credited');
    const text = pdfText((await download(String(march.body.issued[0]?.id), adminA)).bytes);
    expect(text).toContain('Creditnota AM-2031-000003');
    expect(text).toContain(`Corrigeert factuur: ${String(invoiceA?.number)}`);
  });

  it('who: the super admin issues; a workshop admin lists and downloads only its own; a user 403', async () => {
    expect((await issue('2031-02', adminA)).status).toBe(403);
    const ownB = (await list('2031-02', adminB)).body.invoices;
    expect(ownB.map((i) => i.tenantId)).toEqual([workshopB]);
    const [ofA] = (await list('2031-02', adminA)).body.invoices;
    expect((await download(String(ofA?.id), adminB)).res.status).toBe(404);
    expect((await list('2031-02', userA)).status).toBe(403);
  });
});

describe('the series across instances', () => {
  it('two instances issuing at once on one database: no gap, no duplicate, each invoice once', async () => {
    const second = await createTestApp({}, { sameDatabaseAs: t, now: new Date('2031-06-02T08:00:00Z') });
    try {
      t.clock.set(new Date('2031-06-02T08:00:00Z'));
      for (let i = 0; i < 3; i++) {
        await paid(WORKSHOP_A, `2031-05-0${i + 1}T10:00:00Z`);
        await paid(WORKSHOP_B, `2031-04-0${i + 1}T10:00:00Z`);
      }
      const secondToken = await second.tokenFor('admin@ateliermarkt.nl', null);
      const answers = await Promise.all([
        issue('2031-05'),
        second.call<IssueInvoicesResult>('POST', '/api/invoices?month=2031-05', { token: secondToken }),
        issue('2031-04'),
        second.call<IssueInvoicesResult>('POST', '/api/invoices?month=2031-04', { token: secondToken }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.year, 2031));
      const sequences = rows.map((r) => r.sequence).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
      expect(rows.filter((r) => r.month === '2031-05' && r.kind === 'invoice')).toHaveLength(1);
      expect(rows.filter((r) => r.month === '2031-04' && r.kind === 'invoice')).toHaveLength(1);
      const issuedNow = answers.flatMap((a) => a.body.issued.map((i) => i.number));
      expect(new Set(issuedNow).size).toBe(2);
    } finally {
      await second.close();
    }
  });
});

describe('the month-end job', () => {
  it('on the business clock, issues last month once; a later run of the same month issues nothing', async () => {
    expect(lastMonth(new Date('2031-01-01T00:30:00+01:00'))).toBe('2030-12');
    await paid(WORKSHOP_B, '2031-07-31T21:30:00Z'); // 23:30 on 31 July in Amsterdam
    t.clock.set(new Date('2031-07-31T22:30:00Z')); // 00:30 on 1 August in Amsterdam
    const done = new Set<string>();
    expect(await issueLastMonth(t.ctx, done)).toBe(1);
    expect(done.has('2031-07')).toBe(true);
    expect(await issueLastMonth(t.ctx, done)).toBe(0);
    expect(await issueLastMonth(t.ctx, new Set())).toBe(0);
    const july = (await list('2031-07')).body.invoices;
    expect(july.map((i) => [i.tenantId, i.kind, i.issueDate])).toEqual([[workshopB, 'invoice', '2031-08-01']]);
  });
});

describe('seven years', () => {
  it('deleting a workshop keeps its invoices and their parties; the super admin still downloads the same bytes', async () => {
    const created = await t.call<{ id: string; tenantId: string }>('POST', '/api/workspaces', {
      token: superToken,
      body: { name: 'Atelier Tijdelijk', adminEmailAddress: 'tijdelijk@example.nl' },
    });
    expect(created.status).toBe(200);
    // Its invoice as issuing stores one (a workshop with reservations is never deleted: decision 0006).
    const [source] = await t.ctx.db.select().from(invoices).where(eq(invoices.tenantId, workshopB)).limit(1);
    if (!source) throw new Error('no invoice to copy');
    const { id: _id, number: _n, sequence: _s, ...rest } = source;
    const [kept] = await t.ctx.db
      .insert(invoices)
      .values({
        ...rest,
        number: 'AM-2031-900000',
        sequence: 900_000,
        tenantId: created.body.tenantId,
        month: '2031-09',
      })
      .returning();
    expect((await t.call('DELETE', `/api/workspaces/${created.body.id}`, { token: superToken })).status).toBe(204);
    const [after] = await t.ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, String(kept?.id)));
    expect(after).toEqual(kept);
    const { res, bytes } = await download(String(kept?.id));
    expect(res.status).toBe(200);
    expect(bytes.equals(source.pdf)).toBe(true);
    expect((await list('2031-09')).body.invoices.map((i) => i.number)).toEqual(['AM-2031-900000']);
  });
});
