import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { newsletterSubscriptions } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { normalize } from '../auth/index.ts';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.tokenFor('admin@ateliermarkt.nl', null);
  await t.ctx.db.insert(newsletterSubscriptions).values({
    email: 'aanval@example.nl',
    normalizedEmail: normalize('aanval@example.nl'),
    name: '=HYPERLINK("https://kwaad.example","klik")',
    createdAt: new Date('2026-03-01T12:30:00Z'),
  });
});
afterAll(async () => {
  await t?.close();
});

async function download(url: string, token?: string) {
  const res = await fetch(`${t.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The file as a real spreadsheet program reads it: LibreOffice converts it to CSV. */
function viaLibreOffice(bytes: Buffer): string[][] {
  const dir = mkdtempSync(path.join(tmpdir(), 'xls-'));
  const file = path.join(dir, 'export.xls');
  writeFileSync(file, bytes);
  execFileSync(
    'soffice',
    ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'csv', '--outdir', dir, file],
    {
      stdio: 'ignore',
      timeout: 120_000,
    },
  );
  return readFileSync(path.join(dir, 'export.csv'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(','));
}

describe('GET export/admins', () => {
  it('is a BIFF8 .xls with Dutch headers and every admin', async () => {
    const { res, bytes } = await download('/api/export/admins', superToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.ms-excel');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="beheerders.xls"');
    // The OLE2 compound-file signature of an Excel 97–2003 file.
    expect(bytes.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
    const book = XLSX.read(bytes, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Beheerders']);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets.Beheerders as XLSX.WorkSheet, { header: 1 });
    expect(rows[0]).toEqual(['Atelier', 'Naam', 'E-mailadres']);
    expect(rows).toContainEqual(['De Draaischijf', 'Marieke Jansen', 'beheer@dedraaischijf.nl']);
    expect(rows).toContainEqual(['Platformbeheer', 'Sanne de Vries', 'admin@ateliermarkt.nl']);
    expect(rows).toHaveLength(5);

    const csv = viaLibreOffice(bytes);
    expect(csv[0]).toEqual(['Atelier', 'Naam', 'E-mailadres']);
    expect(csv).toContainEqual(['Glasatelier Helder', 'Eva Smit', 'beheer@glasatelierhelder.nl']);
  }, 180_000);

  it('is for the super admin only', async () => {
    const admin = await t.tokenFor('beheer@dedraaischijf.nl', 'De Draaischijf');
    expect((await download('/api/export/admins', admin)).res.status).toBe(403);
    expect((await download('/api/export/newsletter-subscriptions', admin)).res.status).toBe(403);
    expect((await download('/api/export/admins')).res.status).toBe(401);
  });
});

describe('GET export/newsletter-subscriptions', () => {
  it('has the sign-ups with a date cell, and a formula neutralised', async () => {
    const { res, bytes } = await download('/api/export/newsletter-subscriptions', superToken);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="nieuwsbrief-aanmeldingen.xls"');
    const book = XLSX.read(bytes, { type: 'buffer', cellDates: true });
    const sheet = book.Sheets.Nieuwsbrief as XLSX.WorkSheet;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false });
    expect(rows[0]).toEqual(['E-mailadres', 'Naam', 'Aangemeld op']);
    expect(rows).toHaveLength(1 + 5 + 1);
    const attack = rows.find((r) => r[0] === 'aanval@example.nl');
    expect(attack?.[1]).toBe(`'=HYPERLINK("https://kwaad.example","klik")`);
    expect(attack?.[2]).toBe('01-03-2026 13:30');
    const cell = Object.values(sheet).find((v) => (v as XLSX.CellObject).v === attack?.[1]) as XLSX.CellObject;
    expect(cell.t).toBe('s');
    expect(cell.f).toBeUndefined();

    const csv = viaLibreOffice(bytes);
    expect(csv[0]).toEqual(['E-mailadres', 'Naam', 'Aangemeld op']);
    expect(csv).toHaveLength(7);
    expect(csv.some((r) => r[0] === 'anouk.meijer@example.nl' && r[1] === 'Anouk Meijer')).toBe(true);
  }, 180_000);
});
