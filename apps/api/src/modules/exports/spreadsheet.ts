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

/** One sheet, built: its name and its cells. */
export type Sheet = { name: string; cells: XLSX.WorkSheet };

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
  const cells = XLSX.utils.aoa_to_sheet(aoa, { cellDates: true, dateNF: 'dd-mm-yyyy hh:mm' });
  cells['!cols'] = columns.map((c) => ({ wch: c.width ?? 24 }));
  return { name, cells };
}

/** A workbook of several sheets, in the order given. */
export function workbookOf(sheets: Sheet[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const s of sheets) XLSX.utils.book_append_sheet(book, s.cells, s.name);
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

export function workbook<T>(sheetName: string, columns: Column<T>[], rows: T[]): Buffer {
  return workbookOf([sheet(sheetName, columns, rows)]);
}
