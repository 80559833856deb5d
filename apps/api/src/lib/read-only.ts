/**
 * Round trips: a PUT or POST accepts back what the matching GET returned. A field the
 * caller may not change is ignored when it is what the GET showed, and refused with 403 naming it when it is not.
 */
import { isDeepStrictEqual } from 'node:util';
import { ERROR_CODES, MESSAGES } from '@ateliermarkt/contract';
import { AppError } from './app-error.ts';

export function readOnlyError(members: string[], message: string = MESSAGES.fieldReadOnly) {
  return new AppError(
    ERROR_CODES.forbidden,
    message,
    members.map((m) => ({ message, members: [m] })),
  );
}

/** The keys of `sent` (among `keys`) that differ from what the GET showed; absent keys are not a change. */
export function changedFields<K extends string>(
  shown: Partial<Record<K, unknown>>,
  sent: Partial<Record<K, unknown>>,
  keys: readonly K[],
  prefix = '',
): string[] {
  return keys.filter((k) => sent[k] !== undefined && !isDeepStrictEqual(sent[k], shown[k])).map((k) => prefix + k);
}

/** Throws the 403 when any of `keys` was sent with another value than the GET showed. */
export function refuseChanges<K extends string>(
  shown: Partial<Record<K, unknown>>,
  sent: Partial<Record<K, unknown>>,
  keys: readonly K[],
  prefix = '',
) {
  const changed = changedFields(shown, sent, keys, prefix);
  if (changed.length) throw readOnlyError(changed);
}

const IMAGE_URLS = ['fileOriginal', 'fileMedium', 'thumbnail'] as const;
type ImageUrls = Partial<Record<(typeof IMAGE_URLS)[number], string>>;

/** A URL as the app's own path: answers carry relative URLs, the shop's carry PUBLIC_URL's; both name one image. */
function pathOf(url: string | undefined): string | undefined {
  if (url === undefined || !/^https?:\/\//i.test(url)) return url;
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/**
 * An image sent back with its URLs: they must be the ones the server gives that image (`field` names it), relative
 * to the app or absolute on any origin (the back-office answers relative URLs, the shop's answers absolute ones).
 */
export function refuseChangedImageUrls(actual: ImageUrls, sent: ImageUrls, field: string) {
  const paths = Object.fromEntries(IMAGE_URLS.map((k) => [k, pathOf(sent[k])])) as ImageUrls;
  refuseChanges(actual, paths, IMAGE_URLS, `${field}.`);
}
