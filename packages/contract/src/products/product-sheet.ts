/**
 * The product spreadsheet: one row per product, the columns a person edits, written by the export and
 * read back by the import. Headers, cell notation and the import's Dutch texts live here, once, for the server (that
 * writes and reads the files) and the screen (that shows the preview).
 */
import { parseDecimal } from '../money.ts';

/** Each column: its key, its Dutch header, and the field of the product input its rules are checked on. */
export const PRODUCT_SHEET_COLUMNS = [
  { key: 'code', header: 'Code', field: 'productNumber' },
  { key: 'name', header: 'Naam', field: 'name' },
  { key: 'description', header: 'Beschrijving', field: 'description' },
  { key: 'extraInformation', header: 'Extra informatie', field: 'extraInformation' },
  { key: 'material', header: 'Materiaal', field: 'material' },
  { key: 'isUniqueEdition', header: 'Uniek exemplaar', field: 'isUniqueEdition' },
  { key: 'categories', header: 'Hoofdcategorieën', field: 'categories' },
  { key: 'customCategories', header: 'Eigen categorieën', field: 'customCategories' },
  { key: 'price', header: 'Prijs', field: 'price' },
  { key: 'weight', header: 'Gewicht (gram)', field: 'weight' },
  { key: 'length', header: 'Lengte (cm)', field: 'length' },
  { key: 'width', header: 'Breedte (cm)', field: 'width' },
  { key: 'height', header: 'Hoogte (cm)', field: 'height' },
  { key: 'quantity', header: 'Voorraad', field: 'quantity' },
  { key: 'deliveryMethods', header: 'Verzendmethoden', field: 'deliveryMethods' },
  { key: 'authorName', header: 'Naam maker', field: 'authorName' },
  { key: 'authorDescription', header: 'Over de maker', field: 'authorDescription' },
  { key: 'isPublished', header: 'Gepubliceerd', field: 'isPublished' },
  { key: 'photos', header: "Foto's", field: 'images' },
] as const;
export type ProductSheetKey = (typeof PRODUCT_SHEET_COLUMNS)[number]['key'];

export const productSheetHeader = (key: ProductSheetKey): string =>
  PRODUCT_SHEET_COLUMNS.find((c) => c.key === key)?.header ?? key;

export const PRODUCT_SHEET_NAME = 'Producten';
export const PRODUCT_EXPORT_FILES = { xlsx: 'producten.xlsx', csv: 'producten.csv' } as const;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_MIME = 'text/csv; charset=utf-8';

/** Lists in one cell (categories, delivery methods, photos) are separated by a semicolon. */
export const SHEET_LIST_SEPARATOR = '; ';
export const SHEET_YES = 'Ja';
export const SHEET_NO = 'Nee';

/** The bounds an import stays within (hostile files are refused before they cost more than this). */
export const IMPORT_LIMITS = {
  /** The spreadsheet as uploaded. */
  sheetBytes: 10 * 1024 * 1024,
  /** Everything inside an .xlsx once unpacked, and its number of parts. */
  sheetUnpackedBytes: 40 * 1024 * 1024,
  sheetEntries: 200,
  /** Product rows, and the furthest row and column a sheet may name. */
  rows: 5000,
  lastRow: 10_000,
  lastColumn: 64,
  /** How deep the XML of an .xlsx may nest. */
  xmlDepth: 64,
  /** The photos' .zip as uploaded and its number of files (unpacked: IMPORT_PHOTOS_MAX_MB on the server). */
  photosBytes: 256 * 1024 * 1024,
  photoEntries: 2000,
} as const;

/** Multipart fields of POST products/import. */
export const IMPORT_FIELDS = { file: 'file', photos: 'photos', newCategories: 'newCategories' } as const;

/** A list cell to its items: split on semicolons, trimmed, empty items dropped. */
export function splitSheetList(text: string): string[] {
  return text
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Ja/Nee (also yes/no, true/false, 1/0, any case) to a boolean; null when it is neither. */
export function parseSheetYesNo(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (['ja', 'j', 'yes', 'y', 'true', 'waar', '1'].includes(t)) return true;
  if (['nee', 'n', 'no', 'false', 'onwaar', '0'].includes(t)) return false;
  return null;
}

/**
 * A number as a Dutch spreadsheet writes it: `1.234,56`, `1234,56`, `€ 12,50`, or `12.5`. A dot followed by exactly
 * three digits with no comma is a thousands separator (`1.250` is twelve hundred and fifty), as in Dutch Excel.
 */
export function parseDutchNumber(text: string): number | null {
  const t = text.replace(/[€\s]/g, '');
  if (/^-?\d{1,3}(\.\d{3})+$/.test(t)) return Number(t.replace(/\./g, ''));
  return parseDecimal(t);
}

/** A number in Dutch notation for a CSV cell: comma decimals, no thousands separator, at most 2 decimals. */
export function formatDutchNumber(n: number, decimals?: number): string {
  const text = decimals === undefined ? String(Math.round(n * 100) / 100) : n.toFixed(decimals);
  return text.replace('.', ',');
}
