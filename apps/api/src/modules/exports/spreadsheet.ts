import type { WorkSheet } from 'xlsx';

/**
 * Excel 97–2003 (`.xls`, BIFF8) workbooks with Dutch headers. Text that a spreadsheet would read as a formula is
 * prefixed with `'` (OWASP ASVS 1.2.10): the file is written, never parsed, by this library.
 */
export type Cell = string | number | Date | null;
export type Column<T> = { header: string; value: (row: T) => Cell; width?: number };

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralize(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * SheetJS, loaded on the first workbook a process writes, not when the server starts: most starts write none, and
 * loading it cost each start about 0.2 s of CPU.
 */
const sheetJs = async () => (await import('xlsx')).default;

/** One sheet: its name, its cells row by row (the header first) and its columns' widths. */
export type Sheet = { name: string; aoa: Cell[][]; widths: number[] };

export function sheet<T>(name: string, columns: Column<T>[], rows: T[]): Sheet {
  const aoa: Cell[][] = [
    columns.map((c) => c.header),
    ...rows.map((row) =>
      columns.map((c) => {
        const value = c.value(row);
        return typeof value === 'string' ? neutralize(value) : value;
      }),
    ),
  ];
  return { name, aoa, widths: columns.map((c) => c.width ?? 24) };
}

/** A workbook of several sheets, in the order given. */
export async function workbookOf(sheets: Sheet[]): Promise<Buffer> {
  const XLSX = await sheetJs();
  const book = XLSX.utils.book_new();
  for (const s of sheets) {
    const cells: WorkSheet = XLSX.utils.aoa_to_sheet(s.aoa, { cellDates: true, dateNF: 'dd-mm-yyyy hh:mm' });
    cells['!cols'] = s.widths.map((wch) => ({ wch }));
    XLSX.utils.book_append_sheet(book, cells, s.name);
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

export function workbook<T>(sheetName: string, columns: Column<T>[], rows: T[]): Promise<Buffer> {
  return workbookOf([sheet(sheetName, columns, rows)]);
}
