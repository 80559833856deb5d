/**
 * The photos of an import: the files of the uploaded .zip that the sheet names, matched by file name
 * (any folder, any case), each through the same checks and re-encoding as an upload (images module). Only the named
 * files are unpacked, each at most the upload limit, all together within IMPORT_LIMITS.
 */
import { ERROR_CODES, IMPORT_LIMITS, IMPORT_MESSAGES, MAX_IMAGE_BYTES, MESSAGES } from '@ateliermarkt/contract';
import { AppError } from '../../lib/app-error.ts';
import { unzipBounded, type ZipEntry, ZipError } from '../../lib/safe-zip.ts';
import { type EncodedImage, encodeImage, inspectImage } from '../images/index.ts';

export const photoNameKey = (name: string) => (name.split(/[\\/]/).pop() ?? name).trim().toLowerCase();

export type PhotoCheck = { kind: 'missing' } | { kind: 'refused'; reason: string } | { kind: 'ok'; size: number };
export type ImportPhotos = {
  /** The upload's checks (type, readable, pixel count; JPEG for a product photo) and the quota it will take. */
  check(name: string): Promise<PhotoCheck>;
  /** Encodes the photos as uploads are, in this order, a few ahead of the one asked for (bounded memory). */
  encoder(order: string[]): (name: string) => Promise<EncodedImage>;
};

/**
 * What a photo will take against the quota, before it is encoded: its three variants are about a quarter more than
 * the file (the original re-encoded at about its size, medium and thumbnail). The write checks the exact size.
 */
const estimatedStoredSize = (bytes: Buffer) => Math.round(bytes.length * 1.25);
/** Photos encoded ahead of the write (libvips works while the database writes). */
const ENCODE_AHEAD = 3;

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

  async function run(key: string): Promise<PhotoCheck> {
    const entry = entries.get(key);
    if (!entry) return { kind: 'missing' };
    if (entry.tooLarge || !entry.bytes) return { kind: 'refused', reason: MESSAGES.imageTooLarge };
    try {
      // Product photos are JPEG.
      if ((await inspectImage(entry.bytes)).format !== 'jpeg')
        return { kind: 'refused', reason: MESSAGES.imageNotJpeg };
      return { kind: 'ok', size: estimatedStoredSize(entry.bytes) };
    } catch (error) {
      if (error instanceof AppError) return { kind: 'refused', reason: error.message };
      throw error;
    }
  }

  const encode = (key: string, name: string) => {
    const bytes = entries.get(key)?.bytes;
    if (!bytes) return Promise.reject(new AppError(ERROR_CODES.validation, IMPORT_MESSAGES.photoMissing(name)));
    return encodeImage(bytes);
  };

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
    encoder(order) {
      const keys = order.map(photoNameKey);
      const started = new Map<string, Promise<EncodedImage>>();
      let next = 0;
      return (name) => {
        const key = photoNameKey(name);
        const upTo = keys.indexOf(key) + ENCODE_AHEAD;
        for (; next < keys.length && next <= upTo; next++) {
          const ahead = keys[next] as string;
          if (started.has(ahead)) continue;
          const promise = encode(ahead, order[next] as string);
          // Awaited when its turn comes; until then a failure must not count as unhandled.
          promise.catch(() => {});
          started.set(ahead, promise);
        }
        const promise = started.get(key) ?? encode(key, name);
        started.delete(key);
        return promise;
      };
    },
  };
}
