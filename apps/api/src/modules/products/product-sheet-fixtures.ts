/** Test helpers of the product spreadsheet: files made the way a person's spreadsheet program makes them. */
import { crc32, deflateRawSync } from 'node:zlib';
import { type ErrorEnvelope, type ImportResult, PRODUCT_SHEET_COLUMNS } from '@ateliermarkt/contract';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { TestApp } from '../../test/test-app.ts';

export const HEADERS = PRODUCT_SHEET_COLUMNS.map((c) => c.header);

export async function download(t: TestApp, token: string, path: string) {
  const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

export async function readXlsxRows(bytes: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** An .xlsx with these rows (the first is the header); a cell may be `{ formula }`. */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Producten');
  for (const row of rows) sheet.addRow(row as ExcelJS.CellValue[]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A row object by header to the cells of `HEADERS` order; missing headers are left empty. */
export const rowOf = (values: Record<string, unknown>, headers: readonly string[] = HEADERS) =>
  headers.map((h) => values[h] ?? '');

export async function jpeg(width = 64, height = 48, color = { r: 200, g: 120, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

export type ImportFiles = {
  file: Buffer;
  fileName?: string;
  photos?: Buffer;
  newCategories?: string[];
  dryRun?: boolean;
};

export async function postImport(t: TestApp, token: string | undefined, files: ImportFiles) {
  const form = new FormData();
  const name = files.fileName ?? 'producten.xlsx';
  form.append('file', new Blob([new Uint8Array(files.file)]), name);
  if (files.photos) form.append('photos', new Blob([new Uint8Array(files.photos)]), 'fotos.zip');
  if (files.newCategories) form.append('newCategories', JSON.stringify(files.newCategories));
  const res = await fetch(`${t.baseUrl}/api/products/import?dryRun=${files.dryRun ? 'true' : 'false'}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const body = (await res.json()) as ImportResult & ErrorEnvelope;
  return { status: res.status, body };
}

/**
 * A .zip written byte by byte, so a test can make what no honest zip tool makes: entries whose declared size lies,
 * thousands of entries, or one small deflated stream that unpacks to gigabytes.
 */
export function rawZip(entries: { name: string; deflated: Buffer; size: number; crc: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.deflated.length, 18);
    local.writeUInt32LE(e.size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.deflated.length, 20);
    central.writeUInt32LE(e.size >>> 0, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + e.deflated.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** An entry of `rawZip` holding these bytes. */
export function zipEntry(name: string, data: Buffer, declaredSize = data.length) {
  return { name, deflated: deflateRawSync(data, { level: 9 }), size: declaredSize, crc: crc32(data) };
}
