/**
 * Reading the rows of a product spreadsheet: which column is which, each cell to its value, and whether a
 * value differs from the stored one. No rule of the product is checked here: the product input schema does that.
 */
import {
  assertNever,
  IMPORT_MESSAGES,
  normalizeCategoryTitle,
  PRODUCT_SHEET_COLUMNS,
  type ProductSheetKey,
  parseDutchNumber,
  parseSheetYesNo,
  productSheetHeader,
  splitSheetList,
} from '@ateliermarkt/contract';
import type { SheetValues } from './product-sheet-data.ts';
import { type RawCell, unneutralize } from './sheet-files.ts';

export type ColumnMap = { keys: (ProductSheetKey | null)[]; unknown: string[]; duplicate: string[] };

const byHeader = new Map(PRODUCT_SHEET_COLUMNS.map((c) => [c.header.toLocaleLowerCase('nl-NL'), c.key]));

/** The header row to column keys; a header no column has is unknown (blank headers of empty columns are not). */
export function mapHeader(header: string[]): ColumnMap {
  const seen = new Set<ProductSheetKey>();
  const unknown: string[] = [];
  const duplicate: string[] = [];
  const keys = header.map((h) => {
    const key = byHeader.get(h.trim().toLocaleLowerCase('nl-NL')) ?? null;
    if (!key) {
      if (h.trim() !== '') unknown.push(h.trim());
      return null;
    }
    if (seen.has(key)) duplicate.push(h.trim());
    seen.add(key);
    return key;
  });
  return { keys, unknown, duplicate };
}

const TEXT = ['name', 'description', 'extraInformation'] as const;
const NULLABLE_TEXT = ['material', 'authorName', 'authorDescription', 'code'] as const;
const NUMBERS = ['price', 'weight', 'length', 'width', 'height', 'quantity'] as const;
const LISTS = ['categories', 'customCategories', 'deliveryMethods', 'photos'] as const;
const includes = <T extends string>(list: readonly T[], key: string): key is T =>
  (list as readonly string[]).includes(key);

const asText = (cell: Exclude<RawCell, { formula: true }>) =>
  typeof cell === 'boolean' ? (cell ? 'Ja' : 'Nee') : unneutralize(String(cell)).trim();

type Read = { value: SheetValues[keyof SheetValues] } | { reason: string };

/** One cell to its column's value, or why it cannot be read. */
function readCell(key: ProductSheetKey, cell: RawCell): Read {
  if (typeof cell === 'object') return { reason: IMPORT_MESSAGES.formula };
  const text = asText(cell);
  if (includes(TEXT, key)) return { value: text };
  if (includes(NULLABLE_TEXT, key)) return { value: text === '' ? null : text };
  if (includes(LISTS, key)) return { value: splitSheetList(text) };
  if (includes(NUMBERS, key)) {
    if (typeof cell === 'number') return { value: cell };
    if (text === '') return { value: key === 'quantity' ? 1 : null };
    if (text.startsWith('=')) return { reason: IMPORT_MESSAGES.formula };
    const n = parseDutchNumber(text);
    return n === null ? { reason: IMPORT_MESSAGES.notANumber } : { value: n };
  }
  // isUniqueEdition, isPublished: blank is a new product's default.
  const yes = typeof cell === 'boolean' ? cell : text === '' ? key === 'isUniqueEdition' : parseSheetYesNo(text);
  return yes === null ? { reason: IMPORT_MESSAGES.notYesNo } : { value: yes };
}

/** One row's cells to the values of the columns it has, and a reason per cell that cannot be read. */
export function parseRow(columns: ColumnMap, cells: RawCell[]): { values: Partial<SheetValues>; reasons: string[] } {
  const values: Record<string, unknown> = {};
  const reasons: string[] = [];
  for (const [i, key] of columns.keys.entries()) {
    if (!key) continue;
    const read = readCell(key, cells[i] ?? '');
    if ('reason' in read) reasons.push(IMPORT_MESSAGES.inColumn(productSheetHeader(key), read.reason));
    else values[key] = read.value;
  }
  return { values: values as Partial<SheetValues>, reasons };
}

/** What a new product has in a column the sheet leaves out. */
export const NEW_PRODUCT_VALUES: SheetValues = {
  code: null,
  name: '',
  description: '',
  extraInformation: '',
  material: null,
  isUniqueEdition: true,
  categories: [],
  customCategories: [],
  price: null,
  weight: null,
  length: null,
  width: null,
  height: null,
  quantity: 1,
  deliveryMethods: [],
  authorName: null,
  authorDescription: null,
  isPublished: false,
  photos: [],
};

const sortedKeys = (list: string[]) => list.map(normalizeCategoryTitle).sort();

/** A value as it compares: trimmed text with blank as null, numbers to the cent, sets sorted, photos in order. */
function comparable(key: ProductSheetKey, v: SheetValues): unknown {
  switch (key) {
    case 'categories':
    case 'customCategories':
    case 'deliveryMethods':
      return sortedKeys(v[key]);
    case 'photos':
      return v.photos.map((p) => p.toLowerCase());
    case 'price':
    case 'weight':
    case 'length':
    case 'width':
    case 'height':
      return v[key] == null ? null : Math.round((v[key] as number) * 100);
    case 'quantity':
      return v.isUniqueEdition ? 1 : v.quantity;
    case 'code':
    case 'name':
    case 'description':
    case 'extraInformation':
    case 'material':
    case 'authorName':
    case 'authorDescription':
      return v[key]?.trim() || null;
    case 'isUniqueEdition':
    case 'isPublished':
      return v[key];
    default:
      return assertNever(key, 'column');
  }
}

/** The columns (of those the row has) whose value differs from the stored product's. */
export function changedColumns(
  stored: SheetValues,
  merged: SheetValues,
  present: ProductSheetKey[],
): ProductSheetKey[] {
  return present.filter((key) => JSON.stringify(comparable(key, stored)) !== JSON.stringify(comparable(key, merged)));
}
