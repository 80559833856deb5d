/**
 * POST products/import: a spreadsheet of products, and optionally their photos in a .zip, checked row by
 * row by the product's own rules (productInputSchema, then the service's reference checks on write), previewed
 * (`dryRun`) or written: every accepted row in one transaction, or nothing.
 */
import { randomUUID } from 'node:crypto';
import {
  IMPORT_MESSAGES,
  type ImportResult,
  type ImportRow,
  MESSAGES,
  normalizeCategoryTitle,
  PRODUCT_SHEET_COLUMNS,
  type ProductInputParsed,
  type ProductSheetKey,
  productInputSchema,
  productSheetHeader,
} from '@ateliermarkt/contract';
import type { AppContext } from '../../context.ts';
import { categories, deliveryMethods } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../plugins/auth.ts';
import { deleteImages, imagesByIds, insertImage, storageUsed } from '../images/index.ts';
import { type ImportPhotos, importPhotos, photoNameKey } from './import-photos.ts';
import { changedColumns, mapHeader, NEW_PRODUCT_VALUES, parseRow } from './product-import-rows.ts';
import { type SheetProduct, type SheetValues, sheetProductsByCodes } from './product-sheet-data.ts';
import { createIn, updateIn } from './products.service.ts';
import type { SheetTable } from './sheet-files.ts';

export type ImportRequest = {
  table: SheetTable;
  fileName: string;
  /** The .zip of photos, when one came with the sheet. */
  photosZip: Buffer | null;
  /** The new custom categories the preview named and the person accepted (normalised titles). */
  confirmedCategories: string[];
  dryRun: boolean;
};

type Planned = ImportRow & { input?: ProductInputParsed; publish?: boolean; zipPhotos: Map<string, string> };

const EXISTING_PHOTO = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpe?g|png)$/i;
const FIELD_COLUMN = new Map<string, ProductSheetKey>([
  ...PRODUCT_SHEET_COLUMNS.map((c): [string, ProductSheetKey] => [c.field, c.key]),
  ['format', 'length'],
]);

async function referenceData(ctx: AppContext) {
  const [cats, methods] = await Promise.all([
    ctx.db.select().from(categories),
    ctx.db.select({ id: deliveryMethods.id, name: deliveryMethods.name }).from(deliveryMethods),
  ]);
  const main = new Map(cats.filter((c) => c.isMainCategory).map((c) => [normalizeCategoryTitle(c.title), c.id]));
  const custom = new Map(
    cats.filter((c) => !c.isMainCategory).map((c) => [normalizeCategoryTitle(c.title), { id: c.id, title: c.title }]),
  );
  const method = new Map(methods.map((m) => [m.name.trim().toLocaleLowerCase('nl-NL'), m.id]));
  return { main, custom, method };
}

export async function importProducts(ctx: AppContext, actor: Actor, request: ImportRequest): Promise<ImportResult> {
  if (!actor.tenantId) throw forbidden();
  const workshopId = actor.tenantId;
  const { table } = request;
  const columns = mapHeader(table.header);
  const present = [...new Set(columns.keys.filter((k): k is ProductSheetKey => k !== null))];
  const fileErrors: string[] = [];
  if (present.length === 0) fileErrors.push(IMPORT_MESSAGES.noHeader);
  if (columns.unknown.length) fileErrors.push(IMPORT_MESSAGES.unknownColumns(columns.unknown));
  for (const h of columns.duplicate) fileErrors.push(IMPORT_MESSAGES.duplicateColumn(h));
  if (table.rows.length === 0) fileErrors.push(IMPORT_MESSAGES.noRows);

  const refs = await referenceData(ctx);
  const parsed = table.rows.map((r) => ({ row: r.row, ...parseRow(columns, r.cells) }));
  const codes = parsed.flatMap((p) => (p.values.code ? [p.values.code] : []));
  const stored = await sheetProductsByCodes(ctx.db, workshopId, codes);
  const existingIds = parsed.flatMap((p) =>
    (p.values.photos ?? []).flatMap((name) => EXISTING_PHOTO.exec(name)?.[1]?.toLowerCase() ?? []),
  );
  const ownImages = await imagesByIds(ctx.db, [...new Set(existingIds)]);
  const photos = importPhotos(
    request.photosZip,
    parsed.flatMap((p) => p.values.photos ?? []),
    ctx.config.importPhotosMaxBytes,
  );
  const quota = ctx.config.workshopStorageBytes;
  let used = await storageUsed(ctx.db, workshopId);
  const counted = new Set<string>();
  const firstRowOfCode = new Map<string, number>();
  const confirmed = new Set(request.confirmedCategories.map(normalizeCategoryTitle));
  const newCategories = new Map<string, string>();
  const planned: Planned[] = [];

  for (const { row, values, reasons } of parsed) {
    const refuse = (key: ProductSheetKey, message: string) =>
      reasons.push(IMPORT_MESSAGES.inColumn(productSheetHeader(key), message));
    const code = values.code ?? null;
    let match: SheetProduct | undefined;
    if (code) {
      const first = firstRowOfCode.get(code.toLowerCase());
      if (first !== undefined) refuse('code', IMPORT_MESSAGES.codeTwice(first));
      else firstRowOfCode.set(code.toLowerCase(), row);
      match = stored.get(code);
      if (!match) refuse('code', IMPORT_MESSAGES.codeUnknown(code));
    }
    const base = match?.values ?? NEW_PRODUCT_VALUES;
    const merged: SheetValues = { ...base, ...values, code: match?.values.code ?? null };
    const changed = match ? changedColumns(base, merged, present) : [];
    const result: Planned = {
      row,
      code: match?.values.code ?? code,
      name: merged.name || null,
      status: match ? (changed.length ? 'changed' : 'unchanged') : 'new',
      changed: changed.map(productSheetHeader),
      reasons,
      productId: match?.id ?? null,
      zipPhotos: new Map(),
    };
    planned.push(result);
    if (reasons.length || result.status === 'unchanged') continue;

    if (match && actor.kind === 'user' && match.creatorId !== actor.userId) refuse('code', IMPORT_MESSAGES.notYours);
    const publishChanges = merged.isPublished !== base.isPublished;
    if (publishChanges && actor.kind !== 'workshopAdmin') refuse('isPublished', IMPORT_MESSAGES.publishAdminOnly);

    const mainIds = merged.categories.flatMap((title) => {
      const id = refs.main.get(normalizeCategoryTitle(title));
      if (!id) refuse('categories', IMPORT_MESSAGES.categoryUnknown(title));
      return id ? [{ id }] : [];
    });
    const customRefs = merged.customCategories.map((title) => {
      const key = normalizeCategoryTitle(title);
      const known = refs.custom.get(key);
      if (known) return known;
      if (!request.dryRun && !confirmed.has(key))
        refuse('customCategories', IMPORT_MESSAGES.newCategoryNotConfirmed(title));
      return { title };
    });
    const methodIds = merged.deliveryMethods.flatMap((name) => {
      const id = refs.method.get(name.trim().toLocaleLowerCase('nl-NL'));
      if (!id) refuse('deliveryMethods', IMPORT_MESSAGES.deliveryMethodUnknown(name));
      return id ? [{ id }] : [];
    });
    const imageRefs: { id: string }[] = [];
    let adding = 0;
    for (const name of merged.photos) {
      const existing = EXISTING_PHOTO.exec(name)?.[1]?.toLowerCase();
      const own = existing ? ownImages.get(existing) : undefined;
      if (own) {
        if (own.tenantId !== workshopId) refuse('photos', IMPORT_MESSAGES.photoNotOwned(name));
        else if (own.format !== 'jpeg') refuse('photos', IMPORT_MESSAGES.photoRefused(name, MESSAGES.imageNotJpeg));
        else imageRefs.push({ id: own.id });
        continue;
      }
      const checked = await photos.check(name);
      if (checked.kind === 'missing') refuse('photos', IMPORT_MESSAGES.photoMissing(name));
      else if (checked.kind === 'refused') refuse('photos', IMPORT_MESSAGES.photoRefused(name, checked.reason));
      else {
        const placeholder = randomUUID();
        result.zipPhotos.set(placeholder, name);
        imageRefs.push({ id: placeholder });
        if (!counted.has(photoNameKey(name))) adding += checked.size;
      }
    }
    if (adding && used + adding > quota)
      refuse('photos', MESSAGES.storageQuotaExceeded(Math.round(quota / (1024 * 1024))));

    const input = productInputSchema.safeParse({
      name: merged.name,
      description: merged.description,
      extraInformation: merged.extraInformation,
      material: merged.material,
      isUniqueEdition: merged.isUniqueEdition,
      quantity: merged.isUniqueEdition ? 1 : merged.quantity,
      categories: mainIds,
      customCategories: customRefs,
      price: merged.price ?? undefined,
      weight: merged.weight,
      length: merged.length,
      width: merged.width,
      height: merged.height,
      deliveryMethods: methodIds,
      images: imageRefs,
      authorName: merged.authorName,
      authorDescription: merged.authorDescription,
      authorImage: match?.authorImageId ? { id: match.authorImageId } : null,
    });
    if (!input.success) {
      for (const issue of input.error.issues) {
        const key = FIELD_COLUMN.get(String(issue.path[0] ?? '')) ?? 'name';
        const reason = IMPORT_MESSAGES.inColumn(productSheetHeader(key), issue.message);
        if (!reasons.includes(reason)) reasons.push(reason);
      }
    }
    if (reasons.length) continue;
    result.input = input.data;
    if (publishChanges || (!match && merged.isPublished)) result.publish = merged.isPublished;
    used += adding;
    for (const name of result.zipPhotos.values()) counted.add(photoNameKey(name));
    for (const c of customRefs) if (!('id' in c)) newCategories.set(normalizeCategoryTitle(c.title), c.title.trim());
  }
  for (const p of planned) if (p.reasons.length) p.status = 'refused';

  const write = !request.dryRun && fileErrors.length === 0;
  if (write) await writeRows(ctx, actor, planned, request.fileName, photos);
  const counts = { new: 0, changed: 0, unchanged: 0, refused: 0 };
  for (const p of planned) counts[p.status] += 1;
  return {
    dryRun: request.dryRun,
    imported: write,
    unknownColumns: columns.unknown,
    newCustomCategories: [...newCategories.values()],
    fileErrors,
    counts,
    rows: planned.map(({ input: _i, publish: _p, zipPhotos: _z, ...row }) => row),
  };
}

const inRow = (row: number, error: unknown) =>
  error instanceof AppError ? new AppError(error.code, `Rij ${row}: ${error.message}`, error.validationErrors) : error;

/**
 * The accepted rows in one transaction, or none. The photos go first, each encoded and stored in its own short
 * transaction with the exact quota check, so the products' transaction holds the database (PGlite has one
 * connection) only for the products' own writes; when anything fails, the photos stored for this import go again.
 */
async function writeRows(ctx: AppContext, actor: Actor, planned: Planned[], fileName: string, photos: ImportPhotos) {
  const workshopId = actor.tenantId as string;
  const importId = randomUUID();
  const accepted = planned.filter((p) => p.input && (p.status === 'new' || p.status === 'changed'));
  const firstRow = new Map<string, number>();
  for (const p of accepted)
    for (const name of p.zipPhotos.values())
      if (!firstRow.has(photoNameKey(name))) firstRow.set(photoNameKey(name), p.row);
  const names = [...new Set(accepted.flatMap((p) => [...p.zipPhotos.values()]))];
  const encoded = photos.encoder(names);
  const stored = new Map<string, string>();
  try {
    for (const name of names) {
      const key = photoNameKey(name);
      if (stored.has(key)) continue;
      try {
        const id = await insertImage(ctx.db, {
          tenantId: workshopId,
          uploadedBy: actor.userId,
          encoded: await encoded(name),
          quotaBytes: ctx.config.workshopStorageBytes,
        });
        stored.set(key, id);
      } catch (error) {
        throw inRow(firstRow.get(key) ?? 0, error);
      }
    }
    await ctx.db.transaction(async (tx) => {
      for (const row of accepted) {
        const input = row.input as ProductInputParsed;
        for (const image of input.images) {
          const name = row.zipPhotos.get(image.id);
          if (name) image.id = stored.get(photoNameKey(name)) ?? image.id;
        }
        const options = {
          auditData: { import: importId, file: fileName, row: row.row },
          ...(row.publish === undefined ? {} : { isPublished: row.publish }),
        };
        try {
          if (row.status === 'new') row.productId = await createIn(tx, actor, input, options);
          else if (row.productId) await updateIn(tx, actor, row.productId, input, options);
        } catch (error) {
          throw inRow(row.row, error);
        }
      }
      await audit(tx, {
        actorUserId: actor.userId,
        tenantId: workshopId,
        action: 'product.import',
        entityType: 'product',
        entityId: null,
        data: {
          import: importId,
          file: fileName,
          made: accepted.filter((p) => p.status === 'new').length,
          changed: accepted.filter((p) => p.status === 'changed').length,
        },
      });
    });
  } catch (error) {
    await deleteImages(ctx.db, workshopId, [...stored.values()]);
    throw error;
  }
}
