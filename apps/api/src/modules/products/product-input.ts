/**
 * Reading the API's Product back: its references (main and custom
 * categories, delivery methods, photos, author photo) must exist and belong to the caller's tenant, and what is sent
 * with them beyond the id (a title, a price, URLs) must be what the server has; the sizes come as numbers or as the
 * `format` text. A reference the server cannot find is a 400 naming the field, a changed read-only value a 403.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  formatDimensions,
  fromCents,
  type ImageRef,
  MESSAGES,
  type Product,
  type ProductInputParsed,
  parseDimensions,
} from '@ateliermarkt/contract';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { deliveryMethods } from '../../db/schema/index.ts';
import { fieldError } from '../../lib/app-error.ts';
import { readOnlyError, refuseChangedImageUrls, refuseChanges } from '../../lib/read-only.ts';
import { categoriesByIds } from '../categories/index.ts';
import { imagesByIds, toImage } from '../images/index.ts';

type Sizes = [number | null, number | null, number | null];
const sameSizes = (a: Sizes, b: Sizes) => a.every((v, i) => v === b[i]);
const blank = (s: string | null) => s == null || s.trim() === '';

/**
 * The sizes to store. Without `format` they are `length`/`width`/`height`; without those, the format's. When both
 * come and disagree, the one the caller changed wins (PUT: compared with `stored`), else a 400 on `format`.
 */
export function resolveSizes(input: ProductInputParsed, stored: Sizes | null): Sizes {
  const raw = [input.length, input.width, input.height];
  const sent = raw.map((v) => v ?? null) as Sizes;
  if (input.format === undefined) return sent;
  const fromFormat: Sizes = blank(input.format) ? [null, null, null] : (parseDimensions(input.format ?? '') as Sizes);
  if (raw.every((v) => v === undefined)) return fromFormat;
  if (sameSizes(fromFormat, sent)) return sent;
  // Sizes with one of the three empty have no format: sent back as null, it says nothing.
  if (blank(input.format) && formatDimensions(...sent) === null) return sent;
  if (stored) {
    if (sameSizes(sent, stored)) return fromFormat;
    const formatUnchanged = blank(input.format) ? formatDimensions(...stored) === null : sameSizes(fromFormat, stored);
    if (formatUnchanged) return sent;
  }
  throw fieldError('format', MESSAGES.formatMismatch);
}

/** Main categories by id, with the title and kind sent along unchanged; custom ones with an id must match theirs. */
async function checkCategories(db: Tx, input: ProductInputParsed) {
  const ids = [...input.categories.map((c) => c.id), ...input.customCategories.flatMap((c) => (c.id ? [c.id] : []))];
  const found = await categoriesByIds(db, ids);
  const changed: string[] = [];
  input.categories.forEach((ref, i) => {
    const category = found.get(ref.id);
    if (!category?.isMainCategory) throw fieldError(`categories.${i}.id`, MESSAGES.categoryUnknown);
    changed.push(...changedOf(category, ref, `categories.${i}.`));
  });
  input.customCategories.forEach((ref, i) => {
    if (!ref.id) {
      if (ref.isMainCategory === true) changed.push(`customCategories.${i}.isMainCategory`);
      return;
    }
    const category = found.get(ref.id);
    if (!category || category.isMainCategory) throw fieldError(`customCategories.${i}.id`, MESSAGES.categoryUnknown);
    changed.push(...changedOf(category, ref, `customCategories.${i}.`));
  });
  if (changed.length) throw readOnlyError(changed);
}

function changedOf(category: { title: string; isMainCategory: boolean }, ref: object, prefix: string): string[] {
  const sent = ref as { title?: string; isMainCategory?: boolean };
  return (['title', 'isMainCategory'] as const)
    .filter((k) => sent[k] !== undefined && sent[k] !== category[k])
    .map((k) => prefix + k);
}

/** Delivery methods by id; a name or price sent along must be the platform's. */
async function checkDeliveryMethods(db: Tx, input: ProductInputParsed) {
  const rows = await db
    .select()
    .from(deliveryMethods)
    .where(
      inArray(
        deliveryMethods.id,
        input.deliveryMethods.map((m) => m.id),
      ),
    );
  const byId = new Map(rows.map((m) => [m.id, { name: m.name, price: fromCents(m.priceCents) }]));
  input.deliveryMethods.forEach((ref, i) => {
    const method = byId.get(ref.id);
    if (!method) throw fieldError(`deliveryMethods.${i}.id`, MESSAGES.fieldInvalid);
    refuseChanges(method, ref, ['name', 'price'], `deliveryMethods.${i}.`);
  });
}

/** The photos and the author photo: the tenant's own, photos JPEG, URLs unchanged. */
async function checkImages(db: Tx, workshopId: string, input: ProductInputParsed) {
  const ids = input.images.map((i) => i.id);
  if (new Set(ids).size !== ids.length) throw fieldError('images', MESSAGES.fieldInvalid);
  const rows = await imagesByIds(db, [...ids, ...(input.authorImage ? [input.authorImage.id] : [])]);
  const owned = (ref: ImageRef, field: string) => {
    const image = rows.get(ref.id);
    if (!image || image.tenantId !== workshopId) throw fieldError(field, MESSAGES.imageNotOwned);
    refuseChangedImageUrls(toImage(image), ref, field);
    return image;
  };
  input.images.forEach((ref, i) => {
    // Product photos are JPEG only; the stored format comes from the file's bytes, not its name.
    if (owned(ref, `images.${i}`).format !== 'jpeg') throw fieldError('images', MESSAGES.imageNotJpeg);
  });
  if (input.authorImage) owned(input.authorImage, 'authorImage');
}

export async function checkReferences(db: Tx, workshopId: string, input: ProductInputParsed) {
  await checkCategories(db, input);
  await checkDeliveryMethods(db, input);
  await checkImages(db, workshopId, input);
}

const READ_ONLY_AS_STORED = [
  'id',
  'tenantId',
  'workspaceName',
  'productNumber',
  'isPublished',
  'isReserved',
  'isSold',
  'viewCount',
  'creatorId',
  'creatorFullName',
] as const;

/**
 * PUT: the read-only fields sent back must be what GET showed. The two derived from the input (`productImage`, the
 * first photo; `isAvailable`) may also be what the saved product will have, so reordering the photos is no change.
 */
export function refuseReadOnlyChanges(shown: Product, input: ProductInputParsed) {
  const changed: string[] = READ_ONLY_AS_STORED.filter(
    (k) => input[k] !== undefined && !isDeepStrictEqual(input[k], shown[k]),
  );
  const sentImage = input.productImage;
  if (sentImage !== undefined && !isDeepStrictEqual(sentImage, shown.productImage)) {
    const first = input.images[0];
    const firstShown = first && shown.images.find((i) => i.id === first.id);
    const willBe = sentImage === null ? !first : sentImage.id === first?.id;
    if (!willBe || (firstShown && !isDeepStrictEqual(sentImage, firstShown))) changed.push('productImage');
  }
  if (input.isAvailable !== undefined && input.isAvailable !== shown.isAvailable && input.isAvailable !== !shown.isSold)
    changed.push('isAvailable');
  if (changed.length) throw readOnlyError(changed);
}
