import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq, notExists } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { images, imageVariants } from '../../db/schema/index.ts';
import { etagOf, extensionOf, type ImageFormat, VARIANTS } from './image-files.ts';

/**
 * Before docs/decisions/0008 the variants were files under `DATA_DIR/images/{id}/{variant}.{ext}`. At start, every
 * image row that has no stored variants yet gets them from those files; a directory is removed only after its bytes
 * are committed. Rows whose files are missing are reported and left alone (their URLs answer 404, as before).
 */
export async function importLegacyImageFiles(db: Db, dataDir: string, log: Logger) {
  const dir = path.join(dataDir, 'images');
  const missing = await db
    .select({ id: images.id, format: images.format })
    .from(images)
    .where(notExists(db.select().from(imageVariants).where(eq(imageVariants.imageId, images.id))));
  if (missing.length === 0) return { imported: 0, missing: 0 };
  let imported = 0;
  const withoutFiles: string[] = [];
  for (const image of missing) {
    const ext = extensionOf(image.format as ImageFormat);
    const folder = path.join(dir, image.id);
    let rows: (typeof imageVariants.$inferInsert)[];
    try {
      rows = await Promise.all(
        VARIANTS.map(async (variant) => {
          const data = await readFile(path.join(folder, `${variant}.${ext}`));
          return { imageId: image.id, variant, etag: etagOf(data), data };
        }),
      );
    } catch {
      withoutFiles.push(image.id);
      continue;
    }
    await db.insert(imageVariants).values(rows).onConflictDoNothing();
    await rm(folder, { recursive: true, force: true });
    imported += 1;
  }
  if (imported) log.info({ imported, from: dir }, 'image files moved into the database');
  if (withoutFiles.length) log.warn({ ids: withoutFiles }, 'images without stored variants or files');
  // The folder itself goes once nothing is left in it.
  if ((await readdir(dir).catch(() => null))?.length === 0) await rm(dir, { recursive: true, force: true });
  return { imported, missing: withoutFiles.length };
}
