import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMPORT_MESSAGES, PRODUCT_SHEET_COLUMNS, XLSX_MIME } from '@ateliermarkt/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../db/schema/index.ts';
import { workshopRow } from '../../security/security-fixtures.ts';
import { createTestApp, DEMO_WORKSHOP, demoTokens, type TestApp } from '../../test/test-app.ts';
import { download, HEADERS, postImport, readXlsxRows, xlsxOf } from './product-sheet-fixtures.ts';

let t: TestApp;
let admin: string;
let user: string;
let otherAdmin: string;
let superAdmin: string;
let workshopId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, user, otherAdmin, superAdmin } = await demoTokens(t));
  workshopId = (await workshopRow(t, DEMO_WORKSHOP)).tenantId;
});
afterAll(async () => {
  await t?.close();
});

const workshopProducts = () => t.ctx.db.select().from(products).where(eq(products.tenantId, workshopId));

describe('GET files/products.xlsx and .csv', () => {
  it('writes every product of the workshop with Dutch headers, prices as numbers and photo file names', async () => {
    const { res, bytes } = await download(t, admin, '/api/files/products.xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_MIME);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="producten.xlsx"');
    const rows = await readXlsxRows(bytes);
    expect(rows[0]).toEqual(HEADERS);
    const stored = await workshopProducts();
    expect(rows).toHaveLength(stored.length + 1);
    const first = stored[0];
    if (!first) throw new Error('demo workshop has no products');
    const codeAt = HEADERS.indexOf('Code');
    const row = rows.find((r) => r[codeAt] === first.productNumber);
    expect(row?.[HEADERS.indexOf('Prijs')]).toBe(first.priceCents / 100);
    expect(String(row?.[HEADERS.indexOf("Foto's")])).toMatch(/^[0-9a-f-]{36}\.jpg/);
  });

  it('applies the overview’s filters, and is a UTF-8 CSV with BOM, semicolons and Dutch numbers', async () => {
    const [one] = await workshopProducts();
    if (!one) throw new Error('no product');
    const { res, bytes } = await download(
      t,
      admin,
      `/api/files/products.csv?search=${encodeURIComponent(one.productNumber)}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="producten.csv"');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(HEADERS.map((h) => (h.includes("'") ? h : h)).join(';'));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${one.productNumber};`);
    expect(lines[1]).toContain(`;${(one.priceCents / 100).toFixed(2).replace('.', ',')};`);
  });

  it('is for the workshop’s people: 401 without a log-in, 403 for the super admin', async () => {
    expect((await fetch(`${t.baseUrl}/api/files/products.xlsx`)).status).toBe(401);
    expect((await download(t, superAdmin, '/api/files/products.xlsx')).res.status).toBe(403);
    const theirs = await readXlsxRows((await download(t, otherAdmin, '/api/files/products.xlsx')).bytes);
    const ours = new Set((await workshopProducts()).map((p) => p.productNumber));
    expect(theirs.slice(1).some((r) => ours.has(String(r[0])))).toBe(false);
  });
});

describe('round trip', () => {
  it('export then import of the same .xlsx changes nothing', async () => {
    const before = await workshopProducts();
    const { bytes } = await download(t, admin, '/api/files/products.xlsx');
    const preview = await postImport(t, admin, { file: bytes, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.body.fileErrors).toEqual([]);
    expect(preview.body.rows.filter((r) => r.status !== 'unchanged')).toEqual([]);
    expect(preview.body.counts.unchanged).toBe(before.length);
    const done = await postImport(t, admin, { file: bytes });
    expect(done.body.imported).toBe(true);
    expect(done.body.counts).toEqual({ new: 0, changed: 0, unchanged: before.length, refused: 0 });
    expect(await workshopProducts()).toEqual(before);
  });

  it('export then import of the same .csv changes nothing', async () => {
    const before = await workshopProducts();
    const { bytes } = await download(t, admin, '/api/files/products.csv');
    const done = await postImport(t, admin, { file: bytes, fileName: 'producten.csv' });
    expect(done.status).toBe(200);
    expect(done.body.rows.filter((r) => r.status !== 'unchanged')).toEqual([]);
    expect(await workshopProducts()).toEqual(before);
  });

  it('changing two prices changes exactly those, each with an audit entry naming the import', async () => {
    const { bytes } = await download(t, admin, '/api/files/products.xlsx');
    const rows = await readXlsxRows(bytes);
    const priceAt = HEADERS.indexOf('Prijs');
    const codeAt = HEADERS.indexOf('Code');
    const edited = rows.map((r) => [...r]);
    const [a, b] = [edited[1], edited[2]];
    if (!a || !b) throw new Error('too few products');
    a[priceAt] = 123.45;
    b[priceAt] = '1.250,50';
    const file = await xlsxOf(edited);
    const preview = await postImport(t, admin, { file, dryRun: true });
    const changed = preview.body.rows.filter((r) => r.status === 'changed');
    expect(changed.map((r) => [r.code, r.changed])).toEqual([
      [a[codeAt], ['Prijs']],
      [b[codeAt], ['Prijs']],
    ]);
    const done = await postImport(t, admin, { file, fileName: 'prijzen.xlsx' });
    expect(done.body.counts.changed).toBe(2);
    const [pa] = await t.ctx.db
      .select()
      .from(products)
      .where(eq(products.productNumber, String(a[codeAt])));
    const [pb] = await t.ctx.db
      .select()
      .from(products)
      .where(eq(products.productNumber, String(b[codeAt])));
    expect(pa?.priceCents).toBe(12345);
    expect(pb?.priceCents).toBe(125050);
    const entries = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.entityId, pa?.id ?? '')));
    expect(entries.at(-1)?.data).toMatchObject({ file: 'prijzen.xlsx', import: expect.any(String) });
  });
});

/** The file as LibreOffice saves it again: `xlsx` (its own writer, shared strings and styles) or `csv` (UTF-8). */
function resavedByLibreOffice(bytes: Buffer, to: 'xlsx' | 'csv'): Buffer {
  const dir = mkdtempSync(path.join(tmpdir(), 'producten-'));
  const source = path.join(dir, 'export', 'producten.xlsx');
  execFileSync('mkdir', ['-p', path.dirname(source)]);
  writeFileSync(source, bytes);
  // 44,59,76: comma-separated, double quotes, UTF-8, as a spreadsheet program's "CSV UTF-8".
  const filter = to === 'csv' ? 'csv:Text - txt - csv (StarCalc):44,34,76' : 'xlsx:Calc MS Excel 2007 XML';
  execFileSync(
    'soffice',
    ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', filter, '--outdir', dir, source],
    { stdio: 'ignore', timeout: 120_000 },
  );
  return readFileSync(path.join(dir, `producten.${to}`));
}

describe('round trip through LibreOffice', () => {
  it('an export saved again by LibreOffice, as .xlsx or as CSV, imports as unchanged', async () => {
    const before = await workshopProducts();
    const { bytes } = await download(t, admin, '/api/files/products.xlsx');
    for (const to of ['xlsx', 'csv'] as const) {
      const file = resavedByLibreOffice(bytes, to);
      const preview = await postImport(t, admin, { file, fileName: `producten.${to}`, dryRun: true });
      expect(preview.status).toBe(200);
      expect(preview.body.rows.filter((r) => r.status !== 'unchanged')).toEqual([]);
      expect(preview.body.counts.unchanged).toBe(before.length);
    }
  }, 240_000);
});

describe('refusals', () => {
  it('names unknown columns and imports nothing while they are there', async () => {
    const file = await xlsxOf([
      ['Naam', 'Prijs', 'Kleur'],
      ['Vaas', 25, 'blauw'],
    ]);
    const res = await postImport(t, admin, { file });
    expect(res.body.unknownColumns).toEqual(['Kleur']);
    expect(res.body.fileErrors).toEqual([IMPORT_MESSAGES.unknownColumns(['Kleur'])]);
    expect(res.body.imported).toBe(false);
  });
  it('knows every column it exports', () => {
    expect(new Set(PRODUCT_SHEET_COLUMNS.map((c) => c.header)).size).toBe(PRODUCT_SHEET_COLUMNS.length);
  });
});

export { user };
