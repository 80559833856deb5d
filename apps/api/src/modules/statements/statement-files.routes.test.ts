/**
 * The statement downloads: one PDF per workshop and month, read back with pdftotext; one .xls of every
 * workshop for the month, read back with SheetJS. Who may download which, another workshop's 404.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatEuro, fromCents, type MonthStatements } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { reservations, workspaces } from '../../db/schema/index.ts';
import { reservationIn, WORKSHOP_A, WORKSHOP_B } from '../../security/security-fixtures.ts';
import { createTestApp, demoTokens, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let adminA: string;
let adminB: string;
let userA: string;
let superAdmin: string;
let workshopA: string;
let workshopB: string;
let month: MonthStatements;
const MONTH = '2024-05';

beforeAll(async () => {
  t = await createTestApp();
  ({ admin: adminA, user: userA, otherAdmin: adminB, superAdmin } = await demoTokens(t));
  workshopA = await t.tenantId(WORKSHOP_A);
  workshopB = await t.tenantId(WORKSHOP_B);
  await t.ctx.db.update(workspaces).set({ creditorNumber: 'CRED-4711' }).where(eq(workspaces.tenantId, workshopA));
  // Two sales of A and one of B in May 2024, and one of A's returned in May.
  const paid = [
    await reservationIn(t, adminA, 'shipped', { workshop: WORKSHOP_A }),
    await reservationIn(t, adminA, 'pickedUp', { workshop: WORKSHOP_A }),
    await reservationIn(t, adminB, 'shipped', { workshop: WORKSHOP_B }),
  ];
  for (const [i, r] of paid.entries())
    await t.ctx.db
      .update(reservations)
      .set({ paidAt: new Date(`2024-05-0${i + 1}T10:00:00Z`) })
      .where(eq(reservations.id, r.id));
  const returned = await reservationIn(t, adminA, 'returning', { workshop: WORKSHOP_A });
  await t.call('POST', `/api/reservations/${returned.id}/returned`, { token: adminA });
  await t.ctx.db
    .update(reservations)
    .set({ paidAt: new Date('2024-04-20T10:00:00Z'), returnReceivedAt: new Date('2024-05-20T10:00:00Z') })
    .where(eq(reservations.id, returned.id));
  month = (await t.call<MonthStatements>('GET', `/api/statements?month=${MONTH}`, { token: superAdmin })).body;
});
afterAll(async () => {
  await t?.close();
});

async function download(url: string, token?: string) {
  const res = await fetch(`${t.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'statement-')), 'statement.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const euro = (cents: number) => formatEuro(fromCents(cents));

describe('GET files/statement (PDF)', () => {
  it('has the creditor number, every line and the totals in euro format', async () => {
    const { res, bytes } = await download(`/api/files/statement?tenantId=${workshopA}&month=${MONTH}`, adminA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="afrekening-de-draaischijf-2024-05.pdf"');
    const text = pdfText(bytes);
    const a = month.statements.find((s) => s.tenantId === workshopA);
    if (!a) throw new Error('no statement of A');
    expect(text).toContain('Afrekening mei 2024');
    expect(text).toContain('Crediteurnummer: CRED-4711');
    expect(text).toContain(WORKSHOP_A);
    for (const l of a.lines) {
      expect(text).toContain(l.orderNumber);
      expect(text).toContain(euro(l.grossCents));
      expect(text).toContain(euro(l.netCents));
    }
    expect(a.lines.some((l) => l.kind === 'return')).toBe(true);
    expect(text).toContain('Retour: ');
    const totals = text.split('\n').find((line) => line.trim().startsWith('Totaal')) ?? '';
    for (const cents of Object.values(a.totals)) expect(totals).toContain(euro(cents));
    expect(text).toContain(`Uit te betalen (netto): ${euro(a.totals.netCents)}`);
  });

  it('for the super admin any workshop; for a workshop admin only their own (another 404); a plain user 403', async () => {
    expect((await download(`/api/files/statement?tenantId=${workshopB}&month=${MONTH}`, superAdmin)).res.status).toBe(
      200,
    );
    expect((await download(`/api/files/statement?tenantId=${workshopB}&month=${MONTH}`, adminA)).res.status).toBe(404);
    expect((await download(`/api/files/statement?tenantId=${workshopA}&month=${MONTH}`, adminB)).res.status).toBe(404);
    expect((await download(`/api/files/statement?tenantId=${workshopA}&month=${MONTH}`, userA)).res.status).toBe(403);
    expect((await download(`/api/files/statement?tenantId=${workshopA}&month=${MONTH}`)).res.status).toBe(401);
    expect((await download(`/api/files/statement?tenantId=${workshopA}&month=2024-5`, adminA)).res.status).toBe(400);
  });

  it('an empty month still makes a statement, saying so, with zero totals', async () => {
    const { res, bytes } = await download(`/api/files/statement?tenantId=${workshopB}&month=2018-02`, adminB);
    expect(res.status).toBe(200);
    const text = pdfText(bytes);
    expect(text).toContain('Afrekening februari 2018');
    expect(text).toContain('Geen betaalde reserveringen of ontvangen retouren in deze maand.');
    expect(text).toContain('Uit te betalen (netto): €0,00');
  });
});

describe('GET files/statements.xls', () => {
  it('a row per workshop with its totals and a totals row, and every line, in euros', async () => {
    const { res, bytes } = await download(`/api/files/statements.xls?month=${MONTH}`, superAdmin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.ms-excel');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="afrekeningen-2024-05.xls"');
    const book = XLSX.read(bytes, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Afrekeningen', 'Regels']);
    const workshops = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Afrekeningen as XLSX.WorkSheet);
    expect(workshops).toEqual([
      ...month.statements.map((s) => ({
        Atelier: s.workshopName,
        ...(s.creditorNumber ? { Crediteurnummer: s.creditorNumber } : {}),
        Regels: s.lines.length,
        Bruto: fromCents(s.totals.grossCents),
        Btw: fromCents(s.totals.taxCents),
        'Commissie excl. btw': fromCents(s.totals.feeCents),
        'Btw over commissie': fromCents(s.totals.feeVatCents),
        'Commissie incl. btw': fromCents(s.totals.feeCents + s.totals.feeVatCents),
        Netto: fromCents(s.totals.netCents),
      })),
      {
        Atelier: 'Totaal',
        Regels: month.statements.reduce((n, s) => n + s.lines.length, 0),
        Bruto: fromCents(month.totals.grossCents),
        Btw: fromCents(month.totals.taxCents),
        'Commissie excl. btw': fromCents(month.totals.feeCents),
        'Btw over commissie': fromCents(month.totals.feeVatCents),
        'Commissie incl. btw': fromCents(month.totals.feeCents + month.totals.feeVatCents),
        Netto: fromCents(month.totals.netCents),
      },
    ]);
    expect(month.statements.map((s) => s.tenantId).sort()).toEqual([workshopA, workshopB].sort());
    const lines = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Regels as XLSX.WorkSheet);
    const all = month.statements.flatMap((s) => s.lines);
    expect(lines.map((l) => [l.Bestelnummer, l.Soort, l.Netto])).toEqual(
      all.map((l) => [l.orderNumber, l.kind === 'sale' ? 'Verkoop' : 'Retour', fromCents(l.netCents)]),
    );
  });

  it('only for the super admin', async () => {
    expect((await download(`/api/files/statements.xls?month=${MONTH}`, adminA)).res.status).toBe(403);
    expect((await download(`/api/files/statements.xls?month=${MONTH}`)).res.status).toBe(401);
    expect((await download('/api/files/statements.xls?month=mei', superAdmin)).res.status).toBe(400);
  });
});
