/**
 * The photos of an import (issue 26.3): the files of the uploaded .zip that the sheet names, matched by file name
 * (any folder, any case), each through the same checks and re-encoding as an upload (images module). Only the named
 * files are unpacked, each at most the upload limit, all together within IMPORT_LIMITS.
 */
import { ERROR_CODES, IMPORT_LIMITS, IMPORT_MESSAGES, MAX_IMAGE_BYTES, MESSAGES } from '@ateliermarkt/contract';
import { AppError } from '../../lib/app-error.ts';
import { unzipBounded, type ZipEntry, ZipError } from '../../lib/safe-zip.ts';
import { type EncodedImage, encodeImage, storedSize } from '../images/index.ts';

export const photoNameKey = (name: string) => (name.split(/[\\/]/).pop() ?? name).trim().toLowerCase();

export type PhotoCheck = { kind: 'missing' } | { kind: 'refused'; reason: string } | { kind: 'ok'; size: number };
export type ImportPhotos = {
  check(name: string): Promise<PhotoCheck>;
  encoded(name: string): Promise<EncodedImage>;
};

/** Encoded photos kept between the check and the write, up to this many bytes; past it they are encoded again. */
const KEEP_ENCODED_BYTES = 256 * 1024 * 1024;

function unpack(zip: Buffer, names: string[], maxBytes: number): Map<string, ZipEntry> {
  const wanted = new Set(names.map(photoNameKey));
  try {
    const entries = unzipBounded(zip, {
      maxEntries: IMPORT_LIMITS.photoEntries,
      maxEntryBytes: MAX_IMAGE_BYTES,
      maxTotalBytes: maxBytes,
      wanted: (name) => wanted.has(photoNameKey(name)),
    });
    const byName = new Map<string, ZipEntry>();
    for (const entry of entries) if (!byName.has(photoNameKey(entry.name))) byName.set(photoNameKey(entry.name), entry);
    return byName;
  } catch (error) {
    if (!(error instanceof ZipError) || error.reason === 'unreadable')
      throw new AppError(ERROR_CODES.validation, IMPORT_MESSAGES.photosUnreadable);
    if (error.reason === 'tooManyEntries')
      throw new AppError(ERROR_CODES.tooLarge, IMPORT_MESSAGES.photosTooMany(IMPORT_LIMITS.photoEntries));
    throw new AppError(ERROR_CODES.tooLarge, IMPORT_MESSAGES.photosTooLarge(Math.round(maxBytes / (1024 * 1024))));
  }
}

export function importPhotos(zip: Buffer | null, names: string[], maxBytes: number): ImportPhotos {
  const entries = zip ? unpack(zip, names, maxBytes) : new Map<string, ZipEntry>();
  const checks = new Map<string, Promise<PhotoCheck>>();
  const kept = new Map<string, EncodedImage>();
  let keptBytes = 0;

  async function run(key: string): Promise<PhotoCheck> {
    const entry = entries.get(key);
    if (!entry) return { kind: 'missing' };
    if (entry.tooLarge || !entry.bytes) return { kind: 'refused', reason: MESSAGES.imageTooLarge };
    try {
      const encoded = await encodeImage(entry.bytes);
      // Spec 5: product photos are JPEG.
      if (encoded.format !== 'jpeg') return { kind: 'refused', reason: MESSAGES.imageNotJpeg };
      const size = storedSize(encoded);
      if (keptBytes + size <= KEEP_ENCODED_BYTES) {
        kept.set(key, encoded);
        keptBytes += size;
      }
      return { kind: 'ok', size };
    } catch (error) {
      if (error instanceof AppError) return { kind: 'refused', reason: error.message };
      throw error;
    }
  }

  return {
    check(name) {
      const key = photoNameKey(name);
      let found = checks.get(key);
      if (!found) {
        found = run(key);
        checks.set(key, found);
      }
      return found;
    },
    async encoded(name) {
      const key = photoNameKey(name);
      const ready = kept.get(key);
      if (ready) return ready;
      const bytes = entries.get(key)?.bytes;
      if (!bytes) throw new AppError(ERROR_CODES.validation, IMPORT_MESSAGES.photoMissing(name));
      return encodeImage(bytes);
    },
  };
}
