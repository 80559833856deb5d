/**
 * Unpacking an untrusted .zip (an .xlsx is one too) within bounds. The sizes a zip declares may lie, so the bytes are
 * counted as they inflate: the input goes in small slices (deflate expands a slice at most ~1000 times), and the first
 * entry or total past its bound stops the work there — a zip bomb costs a few megabytes and milliseconds, not gigabytes.
 */
import { Unzip, UnzipInflate } from 'fflate';

export type ZipBounds = {
  /** Most entries the archive may have (counted over all of them, wanted or not). */
  maxEntries: number;
  /** Most bytes one wanted entry may unpack to; past it the entry is `tooLarge` (or the whole read fails). */
  maxEntryBytes: number;
  /** Most bytes all wanted entries together may unpack to. */
  maxTotalBytes: number;
  /** Which entries to unpack (by their full name); the rest are skipped unread. Default: all. */
  wanted?: (name: string) => boolean;
  /** Fail the whole read when one entry passes maxEntryBytes (an .xlsx), instead of marking it (photos). */
  entryLimitFails?: boolean;
};

export type ZipEntry = { name: string; bytes: Buffer | null; tooLarge: boolean };

export type ZipFailure = 'unreadable' | 'tooManyEntries' | 'tooLarge';
export class ZipError extends Error {
  constructor(readonly reason: ZipFailure) {
    super(`zip refused: ${reason}`);
  }
}

const SLICE = 1024;

export function unzipBounded(bytes: Uint8Array, bounds: ZipBounds): ZipEntry[] {
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new ZipError('unreadable');
  const entries: ZipEntry[] = [];
  let seen = 0;
  let total = 0;
  let failure: ZipFailure | null = null;
  const unzip = new Unzip((file) => {
    seen += 1;
    if (seen > bounds.maxEntries) {
      failure = 'tooManyEntries';
      return;
    }
    if (file.name.endsWith('/') || (bounds.wanted && !bounds.wanted(file.name))) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    const entry: ZipEntry = { name: file.name, bytes: null, tooLarge: false };
    entries.push(entry);
    file.ondata = (error, chunk, final) => {
      if (failure || entry.tooLarge) return;
      if (error) {
        failure = 'unreadable';
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (total > bounds.maxTotalBytes) failure = 'tooLarge';
      else if (size > bounds.maxEntryBytes) {
        if (bounds.entryLimitFails) failure = 'tooLarge';
        entry.tooLarge = true;
        chunks.length = 0;
        file.terminate();
      } else {
        chunks.push(chunk);
        if (final) entry.bytes = Buffer.concat(chunks);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += SLICE) {
      const end = Math.min(at + SLICE, bytes.length);
      unzip.push(bytes.subarray(at, end), end === bytes.length);
    }
  } catch {
    failure ??= 'unreadable';
  }
  if (failure) throw new ZipError(failure);
  // An entry that never reached its end (a cut-off archive) has no bytes: unreadable, unless it was too large.
  if (entries.some((e) => e.bytes === null && !e.tooLarge)) throw new ZipError('unreadable');
  return entries;
}
