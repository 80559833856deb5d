import { createHash } from 'node:crypto';
import {
  ERROR_CODES,
  IMAGE_MAX_PIXELS,
  IMAGE_MEDIUM_WIDTH,
  IMAGE_THUMBNAIL_WIDTH,
  MESSAGES,
} from '@ateliermarkt/contract';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/**
 * Turning untrusted bytes into the three stored variants. The type comes from the bytes, never from the file name or
 * the Content-Type; the pixel count is checked from the header before anything is decoded; every variant is a fresh
 * encode of the auto-rotated pixels, so EXIF (GPS included), ICC tricks and trailing data are gone.
 */
export type ImageFormat = 'jpeg' | 'png';
export const VARIANTS = ['original', 'medium', 'thumbnail'] as const;
export type Variant = (typeof VARIANTS)[number];

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Buffer, magic: number[]) {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

export function sniffFormat(bytes: Buffer): ImageFormat | null {
  if (startsWith(bytes, JPEG_MAGIC)) return 'jpeg';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  return null;
}

export const extensionOf = (format: ImageFormat) => (format === 'jpeg' ? 'jpg' : 'png');

export type EncodedImage = {
  format: ImageFormat;
  width: number;
  height: number;
  variants: Record<Variant, Buffer>;
};

const notJpegOrPng = () => new AppError(ERROR_CODES.unsupportedMediaType, MESSAGES.imageNotJpegOrPng);

/**
 * The checks of an upload without the encoding: the type from the bytes, a readable header, the pixel count. What
 * passes may still fail to decode further on (a cut-off file); encodeImage finds that.
 */
export async function inspectImage(bytes: Buffer): Promise<{ format: ImageFormat; width: number; height: number }> {
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw notJpegOrPng();
  let meta: Metadata;
  try {
    // Reading the header only; the pixel count is checked right after, before any decoding.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(ERROR_CODES.validation, MESSAGES.imageUnreadable);
  }
  if (meta.format !== sniffed) throw notJpegOrPng();
  if (!meta.width || !meta.height) throw new AppError(ERROR_CODES.validation, MESSAGES.imageUnreadable);
  if (meta.width * meta.height > IMAGE_MAX_PIXELS)
    throw new AppError(ERROR_CODES.tooLarge, MESSAGES.imageTooManyPixels);
  return { format: sniffed, width: meta.width, height: meta.height };
}

export async function encodeImage(bytes: Buffer): Promise<EncodedImage> {
  const { format: sniffed } = await inspectImage(bytes);
  const encode = (pipeline: Sharp) =>
    sniffed === 'jpeg' ? pipeline.jpeg({ quality: 86, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 });
  const base = () => sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' }).rotate();
  try {
    const original = await encode(base()).toBuffer({ resolveWithObject: true });
    const medium = await encode(base().resize({ width: IMAGE_MEDIUM_WIDTH, withoutEnlargement: true })).toBuffer();
    const thumbnail = await encode(
      base().resize({ width: IMAGE_THUMBNAIL_WIDTH, withoutEnlargement: true }),
    ).toBuffer();
    return {
      format: sniffed,
      width: original.info.width,
      height: original.info.height,
      variants: { original: original.data, medium, thumbnail },
    };
  } catch {
    throw new AppError(ERROR_CODES.validation, MESSAGES.imageUnreadable);
  }
}

export const contentTypeOf = (format: ImageFormat) => (format === 'jpeg' ? 'image/jpeg' : 'image/png');

/** The strong validator of a variant's bytes, quoted as an ETag wants it. */
export const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
