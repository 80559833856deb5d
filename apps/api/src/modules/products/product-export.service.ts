/** GET files/products.xlsx and .csv: the overview's matches, one row per product, every edited field. */
import {
  formatDutchNumber,
  PRODUCT_SHEET_COLUMNS,
  PRODUCT_SHEET_NAME,
  type ProductListRequest,
  type ProductSheetKey,
  SHEET_LIST_SEPARATOR,
  SHEET_NO,
  SHEET_YES,
} from '@ateliermarkt/contract';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { productIdsMatching } from './product-queries.ts';
import { type SheetValues, sheetProductsByIds } from './product-sheet-data.ts';
import { type OutCell, type OutColumn, writeCsv, writeXlsx } from './sheet-files.ts';

/** The most rows one export writes (the import reads as many). */
export const EXPORT_MAX_ROWS = 5000;

const yesNo = (v: boolean) => (v ? SHEET_YES : SHEET_NO);
const list = (v: string[]) => v.join(SHEET_LIST_SEPARATOR);
const text = (v: string | null) => v ?? '';

/** Each column's cell in the .xlsx (numbers as numbers) and its width. */
const CELLS: Record<ProductSheetKey, { width: number; money?: boolean; xlsx: (v: SheetValues) => OutCell }> = {
  code: { width: 12, xlsx: (v) => v.code },
  name: { width: 30, xlsx: (v) => v.name },
  description: { width: 50, xlsx: (v) => v.description },
  extraInformation: { width: 30, xlsx: (v) => v.extraInformation },
  material: { width: 22, xlsx: (v) => v.material },
  isUniqueEdition: { width: 10, xlsx: (v) => yesNo(v.isUniqueEdition) },
  categories: { width: 24, xlsx: (v) => list(v.categories) },
  customCategories: { width: 24, xlsx: (v) => list(v.customCategories) },
  price: { width: 12, money: true, xlsx: (v) => v.price },
  weight: { width: 10, xlsx: (v) => v.weight },
  length: { width: 10, xlsx: (v) => v.length },
  width: { width: 10, xlsx: (v) => v.width },
  height: { width: 10, xlsx: (v) => v.height },
  quantity: { width: 10, xlsx: (v) => v.quantity },
  deliveryMethods: { width: 30, xlsx: (v) => list(v.deliveryMethods) },
  authorName: { width: 20, xlsx: (v) => v.authorName },
  authorDescription: { width: 40, xlsx: (v) => v.authorDescription },
  isPublished: { width: 10, xlsx: (v) => yesNo(v.isPublished) },
  photos: { width: 40, xlsx: (v) => list(v.photos) },
};

/** The CSV cell: text, numbers in Dutch notation (price with two decimals). */
function csvCell(key: ProductSheetKey, v: SheetValues): string {
  const cell = CELLS[key].xlsx(v);
  if (typeof cell === 'number') return formatDutchNumber(cell, key === 'price' ? 2 : undefined);
  return text(cell);
}

const COLUMNS: OutColumn[] = PRODUCT_SHEET_COLUMNS.map((c) => ({
  header: c.header,
  width: CELLS[c.key].width,
  ...(CELLS[c.key].money ? { money: true } : {}),
}));

async function exportedValues(ctx: AppContext, actor: Actor, query: ProductListRequest): Promise<SheetValues[]> {
  if (!actor.tenantId) throw forbidden();
  const { maxResultCount: _m, skipCount: _s, sorting, ...filter } = query;
  const ids = await productIdsMatching(ctx, actor, { limit: EXPORT_MAX_ROWS, sorting }, filter);
  const found = await sheetProductsByIds(ctx.db, actor.tenantId, ids);
  return found.map((p) => p.values);
}

export async function productsXlsx(ctx: AppContext, actor: Actor, query: ProductListRequest): Promise<Buffer> {
  const values = await exportedValues(ctx, actor, query);
  return writeXlsx(
    PRODUCT_SHEET_NAME,
    COLUMNS,
    values.map((v) => PRODUCT_SHEET_COLUMNS.map((c) => CELLS[c.key].xlsx(v))),
  );
}

export async function productsCsv(ctx: AppContext, actor: Actor, query: ProductListRequest): Promise<Buffer> {
  const values = await exportedValues(ctx, actor, query);
  return writeCsv(
    COLUMNS,
    values.map((v) => PRODUCT_SHEET_COLUMNS.map((c) => csvCell(c.key, v))),
  );
}
