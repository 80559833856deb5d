import XLSX from 'xlsx';

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

export function workbook<T>(sheetName: string, columns: Column<T>[], rows: T[]): Buffer {
  const aoa: Cell[][] = [
    columns.map((c) => c.header),
    ...rows.map((row) =>
      columns.map((c) => {
        const value = c.value(row);
        return typeof value === 'string' ? neutralize(value) : value;
      }),
    ),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(aoa, { cellDates: true, dateNF: 'dd-mm-yyyy hh:mm' });
  sheet['!cols'] = columns.map((c) => ({ wch: c.width ?? 24 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}
