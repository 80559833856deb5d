import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ErrorEnvelope, LABELS_MAX_RESERVATIONS, MESSAGES } from '@ateliermarkt/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationProducts } from '../../../db/schema/index.ts';
import { reservationIn } from '../../../security/security-fixtures.ts';
import { createTestApp, DEMO_WORKSHOP, demoTokens, OTHER_DEMO_WORKSHOP, type TestApp } from '../../../test/test-app.ts';
import { makeProduct } from '../reservation-fixtures.ts';

let t: TestApp;
let admin: string;
let user: string;
let otherAdmin: string;
let superAdmin: string;

const DRAAI = DEMO_WORKSHOP;
const GLAS = OTHER_DEMO_WORKSHOP;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, user, otherAdmin, superAdmin } = await demoTokens(t));
});
afterAll(async () => {
  await t?.close();
});

async function labels(ids: string[], token: string | null = admin) {
  const res = await fetch(`${t.baseUrl}/api/files/labels?reservationIds=${ids.join(',')}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, json: () => JSON.parse(bytes.toString('utf8')) as ErrorEnvelope };
}

/** The PDF read back by poppler: its text per page (pdftotext puts a form feed between pages) and its page count. */
function readPdf(pdf: Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'labels-')), 'labels.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    pages: text.split('\f').filter((page) => page.trim()),
    pageCount: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
    title: /^Title:\s+(.*)$/m.exec(info)?.[1],
  };
}

describe('GET /api/files/labels', () => {
  it('puts each paid reservation on its own page: a shipping label or a pick-up slip by its delivery method', async () => {
    const shipped = await reservationIn(t, admin, 'paid');
    const pickup = await reservationIn(t, admin, 'paid', { pickup: true });
    const done = await reservationIn(t, admin, 'shipped');

    const { res, bytes } = await labels([shipped.id, pickup.id, done.id]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="labels.pdf"');
    const pdf = readPdf(bytes);
    expect(pdf.pageCount).toBe(3);
    expect(pdf.title).toBe('Verzendlabels en ophaalbonnen');
    expect(pdf.pages).toHaveLength(3);
    const [first, second, third] = pdf.pages;
    expect(first).toContain('Verzendlabel');
    expect(first).toContain(`Bestelnummer ${shipped.orderNumber}`);
    expect(first).toContain('Lindengracht 12a');
    expect(second).toContain('Ophaalbon');
    expect(second).toContain(`Bestelnummer ${pickup.orderNumber}`);
    expect(second).not.toContain('Verzendlabel');
    expect(third).toContain('Verzendlabel');
    expect(third).toContain(`Bestelnummer ${done.orderNumber}`);
  });

  it('keeps a pick-up slip of many products on one page: the list ends with how many were left out', async () => {
    const pickup = await reservationIn(t, admin, 'paid', { pickup: true });
    const lines = [];
    for (let i = 0; i < 24; i += 1) {
      const product = await makeProduct(t, DRAAI, { methods: [1] });
      lines.push({ reservationId: pickup.id, productId: product.id, priceCents: 4500, taxPercent: 21, feePercent: 25 });
    }
    await t.ctx.db.insert(reservationProducts).values(lines);
    const shipped = await reservationIn(t, admin, 'paid');

    const pdf = readPdf((await labels([pickup.id, shipped.id])).bytes);
    expect(pdf.pageCount).toBe(2);
    expect(pdf.pages[0]).toContain(`Bestelnummer ${pickup.orderNumber}`);
    expect(pdf.pages[0]).toContain('Scan bij het meegeven');
    expect(pdf.pages[0]).toMatch(/… en nog \d+ producten/);
    expect(pdf.pages[1]).toContain(`Bestelnummer ${shipped.orderNumber}`);
    // On its own too.
    const slip = await fetch(`${t.baseUrl}/api/files/pickup-slip?reservationId=${pickup.id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(readPdf(Buffer.from(await slip.arrayBuffer())).pageCount).toBe(1);
  });

  it('answers 404 for the whole request when one id is another workshop’s, even beside an unpaid one of ours', async () => {
    const ours = await reservationIn(t, admin, 'paid');
    const unpaid = await reservationIn(t, admin, 'awaitingPayment');
    const theirs = await reservationIn(t, otherAdmin, 'paid', { workshop: GLAS });

    const mixed = await labels([ours.id, theirs.id]);
    expect(mixed.res.status).toBe(404);
    expect(mixed.json().error.message).toBe(MESSAGES.notFound);
    expect((await labels([unpaid.id, theirs.id])).res.status).toBe(404);
    expect((await labels([theirs.id])).res.status).toBe(404);
    // Their own admin and the super admin do get it.
    expect((await labels([theirs.id], otherAdmin)).res.status).toBe(200);
    const both = await labels([ours.id, theirs.id], superAdmin);
    expect(both.res.status).toBe(200);
    expect(readPdf(both.bytes).pageCount).toBe(2);
  });

  it('refuses (409) when one reservation has no label or slip yet, naming it', async () => {
    const paid = await reservationIn(t, admin, 'paid');
    const unpaid = await reservationIn(t, admin, 'awaitingPayment');
    const fresh = await reservationIn(t, admin, 'new');
    const res = await labels([paid.id, unpaid.id]);
    expect(res.res.status).toBe(409);
    expect(res.json().error.message).toBe(MESSAGES.labelsNotAllowed(unpaid.orderNumber));
    expect((await labels([fresh.id])).res.status).toBe(409);
  });

  it('is the admins’: a plain user gets 403, no token 401', async () => {
    const paid = await reservationIn(t, admin, 'paid');
    expect((await labels([paid.id], user)).res.status).toBe(403);
    expect((await labels([paid.id], null)).res.status).toBe(401);
  });

  it('asks at least one and at most the limit of well-formed ids; a repeated id is one page', async () => {
    const paid = await reservationIn(t, admin, 'paid');
    expect((await labels([])).res.status).toBe(400);
    expect((await labels(['geen-id'])).res.status).toBe(400);
    const tooMany = await labels(Array.from({ length: LABELS_MAX_RESERVATIONS + 1 }, (_, i) => uuidLike(i)));
    expect(tooMany.res.status).toBe(400);
    expect(tooMany.json().error.validationErrors?.[0]?.message).toBe(MESSAGES.bulkTooMany(LABELS_MAX_RESERVATIONS));
    const twice = await labels([paid.id, paid.id]);
    expect(twice.res.status).toBe(200);
    expect(readPdf(twice.bytes).pageCount).toBe(1);
  });
});

const uuidLike = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
