import { ERROR_CODES, IMAGE_URL_PATH, type Image, MESSAGES } from '@ateliermarkt/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { images, imageVariants } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Actor } from '../../plugins/auth.ts';
import {
  type EncodedImage,
  encodeImage,
  etagOf,
  extensionOf,
  type ImageFormat,
  VARIANTS,
  type Variant,
} from './image-files.ts';

type ImageRow = typeof images.$inferSelect;

/**
 * The URLs of an image's variants, `{origin}/uploads/images/{id}/{variant}.{ext}`. The back-office's answers are
 * relative to the app (no origin), so the images load at whatever address the app was opened with; the shop's
 * answers, read on another origin (SHOP_URL), carry PUBLIC_URL (docs/decisions/0021-delivery.md).
 */
/** The origin of image URLs in the back-office's answers: none, they are relative to the app. */
export const RELATIVE_TO_APP = '';

export function toImage(row: { id: string; format: string }, origin = RELATIVE_TO_APP): Image {
  const ext = extensionOf(row.format as ImageFormat);
  const base = `${origin}${IMAGE_URL_PATH}${row.id}`;
  return {
    id: row.id,
    fileOriginal: `${base}/original.${ext}`,
    fileMedium: `${base}/medium.${ext}`,
    thumbnail: `${base}/thumbnail.${ext}`,
  };
}

export const ownedBy = (workshopId: string | null) =>
  workshopId ? eq(images.tenantId, workshopId) : isNull(images.tenantId);

/**
 * Writes an encoded image and its three variants in one transaction (docs/decisions/0008: the bytes live in the
 * database, so every instance serves every image). Returns the new id.
 */
export async function insertImage(
  db: DbOrTx,
  input: {
    tenantId: string | null;
    uploadedBy: string | null;
    encoded: EncodedImage;
    /** Refuse (413) when the tenant's stored bytes would pass this many. */
    quotaBytes?: number;
  },
): Promise<string> {
  const { encoded } = input;
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    if (input.quotaBytes !== undefined && input.tenantId)
      await checkQuota(tx, input.tenantId, storedSize(encoded), input.quotaBytes);
    await tx.insert(images).values({
      id,
      tenantId: input.tenantId,
      uploadedBy: input.uploadedBy,
      format: encoded.format,
      width: encoded.width,
      height: encoded.height,
      bytes: encoded.variants.original.length,
    });
    await tx.insert(imageVariants).values(
      VARIANTS.map((variant) => {
        const data = encoded.variants[variant];
        return { imageId: id, variant, etag: etagOf(data), data };
      }),
    );
  });
  return id;
}

/**
 * A workshop's images (every stored variant) may take `quotaBytes` at most. Uploads of one workshop take a
 * transaction-scoped advisory lock first, so two at once cannot both fit in the last free space.
 */
async function checkQuota(tx: DbOrTx, workshopId: string, adding: number, quotaBytes: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`image-quota:${workshopId}`}, 0))`);
  if ((await storageUsed(tx, workshopId)) + adding > quotaBytes) throw quotaExceeded(quotaBytes);
}

export const quotaExceeded = (quotaBytes: number) =>
  new AppError(ERROR_CODES.tooLarge, MESSAGES.storageQuotaExceeded(Math.round(quotaBytes / (1024 * 1024))));

/** The bytes a workshop's images take now (every stored variant), as the quota counts them. */
export async function storageUsed(db: DbOrTx, workshopId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(octet_length(${imageVariants.data})), 0)::text` })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(eq(images.tenantId, workshopId));
  return Number(row?.used ?? 0);
}

/** What an encoded image will take against the quota. */
export const storedSize = (encoded: EncodedImage) =>
  VARIANTS.reduce((sum, variant) => sum + encoded.variants[variant].length, 0);

/** Stores an upload for the caller's tenant (the host for the super admin). */
export async function storeImage(
  ctx: AppContext,
  input: { tenantId: string | null; uploadedBy: string | null; bytes: Buffer },
): Promise<Image> {
  const encoded = await encodeImage(input.bytes);
  const id = await insertImage(ctx.db, {
    tenantId: input.tenantId,
    uploadedBy: input.uploadedBy,
    encoded,
    // Per workshop: the host's (super admin's) shop content has no quota.
    quotaBytes: ctx.config.workshopStorageBytes,
  });
  return toImage({ id, format: encoded.format });
}

export async function uploadImage(ctx: AppContext, actor: Actor, bytes: Buffer): Promise<Image> {
  const image = await storeImage(ctx, { tenantId: actor.tenantId, uploadedBy: actor.userId, bytes });
  await audit(ctx.db, {
    actorUserId: actor.userId,
    tenantId: actor.tenantId,
    action: 'image.upload',
    entityType: 'image',
    entityId: image.id,
  });
  return image;
}

/** Deletes an image of the caller's tenant; its variants go with it (ON DELETE CASCADE). */
export async function deleteImage(ctx: AppContext, actor: Actor, id: string) {
  const [found] = await ctx.db
    .select({ uploadedBy: images.uploadedBy })
    .from(images)
    .where(and(eq(images.id, id), ownedBy(actor.tenantId)));
  if (!found) throw notFound();
  // A plain user manages only their own products: they may remove the photos they uploaded, never the
  // workshop's images or a colleague's product photos.
  const ownOnly = actor.kind === 'user' ? eq(images.uploadedBy, actor.userId) : undefined;
  if (actor.kind === 'user' && found.uploadedBy !== actor.userId) throw forbidden();
  const [deleted] = await ctx.db
    .delete(images)
    .where(and(eq(images.id, id), ownedBy(actor.tenantId), ownOnly))
    .returning({ id: images.id });
  if (!deleted) throw notFound();
  await audit(ctx.db, {
    actorUserId: actor.userId,
    tenantId: actor.tenantId,
    action: 'image.delete',
    entityType: 'image',
    entityId: id,
  });
}

/** Removes images of a tenant by id, without an audit entry: what an import stored before it failed (its variants go with them). */
export async function deleteImages(db: DbOrTx, workshopId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(images).where(and(inArray(images.id, ids), eq(images.tenantId, workshopId)));
}

export async function imagesByIds(db: DbOrTx, ids: string[]): Promise<Map<string, ImageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(images).where(inArray(images.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * One stored variant for the public URL `{id}/{variant}.{ext}`: null when the image does not exist or the extension
 * is not its format (the URL names exactly one file, as it did on disk).
 */
export async function findVariant(db: DbOrTx, id: string, variant: Variant, ext: string) {
  const [row] = await db
    .select({
      format: images.format,
      createdAt: images.createdAt,
      etag: imageVariants.etag,
      data: imageVariants.data,
    })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(and(eq(imageVariants.imageId, id), eq(imageVariants.variant, variant)))
    .limit(1);
  if (!row || extensionOf(row.format as ImageFormat) !== ext) return null;
  return row;
}
