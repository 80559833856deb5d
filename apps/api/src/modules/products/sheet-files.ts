/**
 * Product spreadsheets as files (docs/decisions/0042): `.xlsx` written and read with ExcelJS, CSV with
 * csv-stringify/csv-parse. An uploaded `.xlsx` is unpacked within bounds and its XML looked at before ExcelJS reads
 * it (docs/import.md "Hostile files"): no DTD or entities, bounded nesting, no cell or range past the sheet bounds.
 * Formulas are never evaluated: a formula cell is reported as one.
 */
import { ERROR_CODES, IMPORT_LIMITS, IMPORT_MESSAGES, XLSX_MIME } from '@ateliermarkt/contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { AppError } from '../../lib/app-error.ts';
import { unzipBounded, ZipError } from '../../lib/safe-zip.ts';

export type FormulaCell = { formula: true };
export type RawCell = string | number | boolean | FormulaCell;
export type SheetTable = { header: string[]; rows: { row: number; cells: RawCell[] }[] };
export type OutCell = string | number | null;
export type OutColumn = { header: string; width: number; money?: boolean };

const FORMULA_START = /^[=+\-@\t\r]/;
/** OWASP ASVS 1.2.10: text a spreadsheet would take for a formula gets a leading `'` (as the .xls exports). */
export const neutralize = (v: string) => (FORMULA_START.test(v) ? `'${v}` : v);
/** And back on import, so an exported file reads as it was written. */
export const unneutralize = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);

/**
 * ExcelJS, loaded on the first spreadsheet a process writes or reads, not when the server starts: most starts handle
 * none, and loading it cost each start about 0.2 s of CPU.
 */
const excelJs = async () => (await import('exceljs')).default;

const refused = (message: string) => new AppError(ERROR_CODES.validation, message);
const tooBig = () => new AppError(ERROR_CODES.tooLarge, IMPORT_MESSAGES.fileTooBig);

export async function writeXlsx(sheetName: string, columns: OutColumn[], rows: OutCell[][]): Promise<Buffer> {
  const book = new (await excelJs()).Workbook();
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    ...(c.money ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((v) => (typeof v === 'string' ? neutralize(v) : v)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** CSV as Dutch Excel writes it: UTF-8 with BOM, semicolons, CRLF. */
export function writeCsv(columns: OutColumn[], rows: string[][]): Buffer {
  const text = stringify([columns.map((c) => c.header), ...rows.map((r) => r.map(neutralize))], {
    delimiter: ';',
    record_delimiter: '\r\n',
    bom: true,
  });
  return Buffer.from(text, 'utf8');
}

export const isXlsx = (name: string, mime: string) => /\.xlsx$/i.test(name) || mime === XLSX_MIME;
export const isCsv = (name: string, mime: string) => /\.csv$/i.test(name) || /^text\/(csv|plain)/.test(mime);

export async function readSheet(bytes: Buffer, kind: 'xlsx' | 'csv'): Promise<SheetTable> {
  const table = kind === 'csv' ? readCsv(bytes) : await readXlsx(bytes);
  if (table.rows.length > IMPORT_LIMITS.rows) throw refused(IMPORT_MESSAGES.tooManyRows(IMPORT_LIMITS.rows));
  return table;
}

function readCsv(bytes: Buffer): SheetTable {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw refused(IMPORT_MESSAGES.fileNotUtf8);
  }
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
      to_line: IMPORT_LIMITS.lastRow + 1,
    }) as string[][];
  } catch {
    throw refused(IMPORT_MESSAGES.fileUnreadable);
  }
  if (records.some((r) => r.length > IMPORT_LIMITS.lastColumn)) throw tooBig();
  const [header = [], ...rest] = records;
  return {
    header: header.map((h) => h.trim()),
    rows: rest.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((c) => c.trim() !== '')),
  };
}

/** Semicolon or comma: whichever the header line has more of, outside quotes. */
function delimiterOf(text: string): ';' | ',' {
  const line = text.slice(0, text.search(/\r?\n|$/));
  const plain = line.replace(/"[^"]*"/g, '');
  return (plain.match(/;/g)?.length ?? 0) >= (plain.match(/,/g)?.length ?? 0) ? ';' : ',';
}

async function readXlsx(bytes: Buffer): Promise<SheetTable> {
  let entries: ReturnType<typeof unzipBounded>;
  try {
    entries = unzipBounded(bytes, {
      maxEntries: IMPORT_LIMITS.sheetEntries,
      maxEntryBytes: IMPORT_LIMITS.sheetUnpackedBytes,
      maxTotalBytes: IMPORT_LIMITS.sheetUnpackedBytes,
      entryLimitFails: true,
    });
  } catch (error) {
    if (error instanceof ZipError && error.reason !== 'unreadable') throw tooBig();
    throw refused(IMPORT_MESSAGES.fileUnreadable);
  }
  for (const entry of entries) {
    if (!/\.(xml|rels|vml)$/i.test(entry.name) || !entry.bytes) continue;
    const xml = entry.bytes.toString('utf8');
    if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw tooBig();
    if (xmlDepthOver(xml, IMPORT_LIMITS.xmlDepth)) throw tooBig();
    if (/worksheets\//.test(entry.name) && referencesOutside(xml)) throw tooBig();
  }
  const book = new (await excelJs()).Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refused(IMPORT_MESSAGES.fileUnreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw refused(IMPORT_MESSAGES.noHeader);
  const rows: SheetTable['rows'] = [];
  let header: string[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: RawCell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    if (header.length === 0 && rows.length === 0)
      header = cells.map((c) => (typeof c === 'object' ? '' : String(c).trim()));
    else if (cells.some((c) => c !== '')) rows.push({ row: number, cells });
  });
  return { header, rows };
}

function cellValue(value: ExcelJS.CellValue): RawCell {
  if (value == null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value || 'error' in value) return { formula: true };
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  return '';
}

/** Whether elements nest deeper than `limit` (a linear scan; comments, declarations and CDATA do not count). */
export function xmlDepthOver(xml: string, limit: number): boolean {
  let depth = 0;
  // By indexOf, not a regex: a '<' without its '>' would make a regex rescan the rest of the text from every '<'.
  for (let start = xml.indexOf('<'); start !== -1; ) {
    const end = xml.indexOf('>', start + 1);
    if (end === -1) return false;
    const next = xml[start + 1];
    if (next === '/') depth -= 1;
    else if (next !== '!' && next !== '?' && xml[end - 1] !== '/') {
      depth += 1;
      if (depth > limit) return true;
    }
    start = xml.indexOf('<', end + 1);
  }
  return false;
}

/** Whether a cell, row or range of a worksheet lies past the bounds (huge dimensions, merged or validated ranges). */
function referencesOutside(xml: string): boolean {
  // A reference holds no '=', '<' or '>': each attempt stops before the next attribute, so the scan stays linear
  // (with only '"' excluded, a run of unclosed `r="` made every attempt read up to 2000 characters).
  const attr = /\s(?:ref|sqref|r)="([^"=<>]{0,2000})"/g;
  for (let m = attr.exec(xml); m; m = attr.exec(xml)) {
    for (const part of (m[1] ?? '').split(/[\s:]+/)) {
      const ref = /^\$?([A-Z]{0,3})\$?(\d*)$/.exec(part);
      if (!ref) continue;
      const [, letters = '', digits = ''] = ref;
      if (digits && Number(digits) > IMPORT_LIMITS.lastRow) return true;
      if (letters && columnNumber(letters) > IMPORT_LIMITS.lastColumn) return true;
    }
  }
  return false;
}

const columnNumber = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
