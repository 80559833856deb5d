/**
 * Hostile files sent to POST products/import: each is refused cleanly, within a time and memory bound,
 * and nothing is written. The .xlsx variants are a real workbook with one part replaced, zipped byte by byte.
 */
import { IMPORT_LIMITS, IMPORT_MESSAGES, MESSAGES } from '@ateliermarkt/contract';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/index.ts';
import { createTestApp, demoTokens, type TestApp } from '../../test/test-app.ts';
import { jpeg, postImport, rawZip, rowOf, xlsxOf, zipEntry } from './product-sheet-fixtures.ts';

let t: TestApp;
let admin: string;

const PHOTOS_MAX_MB = 20;
beforeAll(async () => {
  t = await createTestApp({ IMPORT_PHOTOS_MAX_MB: String(PHOTOS_MAX_MB) });
  ({ admin } = await demoTokens(t));
});
afterAll(async () => {
  await t?.close();
});

const H = ['Naam', 'Prijs', 'Hoofdcategorieën', 'Verzendmethoden', "Foto's"];
const row = (name: string, photos = '') => ({
  Naam: name,
  Prijs: 20,
  Hoofdcategorieën: 'Wonen',
  Verzendmethoden: 'Pakket',
  "Foto's": photos,
});

/** A workbook whose first sheet's XML is replaced by `sheetXml` (the rest of the parts as ExcelJS wrote them). */
async function workbookWith(sheetXml: string | Buffer): Promise<Buffer> {
  const parts = unzipSync(new Uint8Array(await xlsxOf([H, rowOf(row('Gewoon'), H)])));
  return rawZip(
    Object.entries(parts).map(([name, data]) =>
      zipEntry(name, name === 'xl/worksheets/sheet1.xml' ? Buffer.from(sheetXml) : Buffer.from(data)),
    ),
  );
}

const sheet = (body: string, before = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${before}<sheetData>${body}</sheetData></worksheet>`;

/** Sends the file and checks it is refused with `status` and `message` within the bounds. */
async function expectRefused(file: Buffer, status: number, message: string, photos?: Buffer) {
  const heapBefore = process.memoryUsage().rss;
  const started = performance.now();
  const res = await postImport(t, admin, { file, ...(photos ? { photos } : {}) });
  const took = performance.now() - started;
  expect(res.status).toBe(status);
  expect(res.body.error.message).toBe(message);
  expect(took).toBeLessThan(10_000);
  expect(process.memoryUsage().rss - heapBefore).toBeLessThan(300 * 1024 * 1024);
}

describe('hostile spreadsheets', () => {
  it('does not evaluate formulas: a formula cell refuses its row, named as one', async () => {
    const file = await xlsxOf([
      H,
      rowOf({ ...row('Formulevaas'), Prijs: { formula: '5*10', result: 50 } }, H),
      rowOf({ ...row(''), Naam: { formula: 'HYPERLINK("https://kwaad.example","klik")', result: 'klik' } }, H),
    ]);
    const res = await postImport(t, admin, { file });
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => r.reasons)).toEqual([
      [IMPORT_MESSAGES.inColumn('Prijs', IMPORT_MESSAGES.formula)],
      [IMPORT_MESSAGES.inColumn('Naam', IMPORT_MESSAGES.formula)],
    ]);
    expect(await t.ctx.db.select().from(products).where(eq(products.name, 'klik'))).toEqual([]);
    expect(await t.ctx.db.select().from(products).where(eq(products.name, 'Formulevaas'))).toEqual([]);
  });

  it('refuses a sheet of huge dimensions (a cell at XFD1048576)', async () => {
    const xml = sheet(
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Naam</t></is></c></row><row r="1048576"><c r="XFD1048576"><v>1</v></c></row>',
      '<dimension ref="A1:XFD1048576"/>',
    );
    await expectRefused(await workbookWith(xml), 413, IMPORT_MESSAGES.fileTooBig);
  });

  it('refuses a merged or validated range over the whole sheet', async () => {
    const merged = `${sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>Naam</t></is></c></row>').replace(
      '</worksheet>',
      '<mergeCells count="1"><mergeCell ref="A2:XFD1048576"/></mergeCells></worksheet>',
    )}`;
    await expectRefused(await workbookWith(merged), 413, IMPORT_MESSAGES.fileTooBig);
  });

  it('refuses deeply nested XML and entity declarations', async () => {
    const deep = sheet(
      `<row r="1"><c r="A1" t="inlineStr"><is>${'<r>'.repeat(50_000)}${'</r>'.repeat(50_000)}</is></c></row>`,
    );
    await expectRefused(await workbookWith(deep), 413, IMPORT_MESSAGES.fileTooBig);
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>${sheet('<row r="1"><c r="A1" t="inlineStr"><is><t>&lol2;</t></is></c></row>').replace('<?xml version="1.0" encoding="UTF-8"?>', '')}`;
    await expectRefused(await workbookWith(laughs), 413, IMPORT_MESSAGES.fileTooBig);
  });

  it('refuses a zip bomb inside the .xlsx: a sheet that unpacks past the bound, even when its size lies', async () => {
    const big = Buffer.alloc(IMPORT_LIMITS.sheetUnpackedBytes + 1024 * 1024, 0x20);
    const parts = unzipSync(new Uint8Array(await xlsxOf([H])));
    const entries = Object.entries(parts).map(([name, data]) =>
      name === 'xl/worksheets/sheet1.xml' ? zipEntry(name, big, 1000) : zipEntry(name, Buffer.from(data)),
    );
    const file = rawZip(entries);
    expect(file.length).toBeLessThan(IMPORT_LIMITS.sheetBytes);
    await expectRefused(file, 413, IMPORT_MESSAGES.fileTooBig);
  });

  it('refuses a spreadsheet that is not one', async () => {
    await expectRefused(Buffer.from('PK\u0003\u0004 niets'), 400, IMPORT_MESSAGES.fileUnreadable);
  });
});

describe('hostile photo archives', () => {
  it('stops a photo that unpacks past 4 MB and refuses its row; the others go on', async () => {
    const bomb = zipEntry('bom.jpg', Buffer.alloc(64 * 1024 * 1024), 2000);
    const photos = rawZip([bomb, zipEntry('goed.jpg', await jpeg())]);
    expect(photos.length).toBeLessThan(200 * 1024);
    const file = await xlsxOf([H, rowOf(row('Bomvaas', 'bom.jpg'), H), rowOf(row('Goedvaas', 'goed.jpg'), H)]);
    const res = await postImport(t, admin, { file, photos, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r) => r.reasons)).toEqual([
      [IMPORT_MESSAGES.inColumn("Foto's", IMPORT_MESSAGES.photoRefused('bom.jpg', MESSAGES.imageTooLarge))],
      [],
    ]);
  });

  it('refuses the whole archive when the named photos unpack past IMPORT_PHOTOS_MAX_MB', async () => {
    const one = Buffer.alloc(4 * 1024 * 1024 - 1);
    const names = Array.from({ length: 8 }, (_, i) => `vol${i}.jpg`);
    const photos = rawZip(names.map((n) => zipEntry(n, one)));
    const file = await xlsxOf([H, rowOf(row('Volvaas', names.join('; ')), H)]);
    await expectRefused(file, 413, IMPORT_MESSAGES.photosTooLarge(PHOTOS_MAX_MB), photos);
  });

  it('refuses an archive of too many files', async () => {
    const tiny = Buffer.from('x');
    const photos = rawZip(
      Array.from({ length: IMPORT_LIMITS.photoEntries + 1 }, (_, i) => zipEntry(`f${i}.jpg`, tiny)),
    );
    const file = await xlsxOf([H, rowOf(row('Veelvaas', 'f1.jpg'), H)]);
    await expectRefused(file, 413, IMPORT_MESSAGES.photosTooMany(IMPORT_LIMITS.photoEntries), photos);
  });
});
