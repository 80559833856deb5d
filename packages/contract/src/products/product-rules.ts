/** Pure product rules, used by the wizard and enforced again by the server. */
import type { RoleKind } from '../auth/role-kind.ts';
import { DELIVERY_METHOD_PICKUP } from '../constants.ts';
import { parseDecimal } from '../money.ts';

/** A workshop admin changes (edits, deletes) every product of the workshop, a plain user only its own. */
export function mayChangeProduct(
  who: { kind: RoleKind; userId: string },
  product: { creatorId: string | null },
): boolean {
  if (who.kind === 'workshopAdmin') return true;
  return who.kind === 'user' && product.creatorId !== null && product.creatorId === who.userId;
}

/**
 * Delivery methods: exactly one, except that the pickup method may be combined with exactly one other.
 * An empty selection is not allowed either (a separate message says so).
 */
export function isDeliveryCombinationAllowed(ids: readonly number[]): boolean {
  const unique = new Set(ids);
  if (unique.size !== ids.length) return false;
  if (ids.length === 1) return true;
  return ids.length === 2 && unique.has(DELIVERY_METHOD_PICKUP);
}

/** Whether choosing `id` next to `selected` keeps the combination allowed (the wizard disables the others). */
export function canAddDeliveryMethod(selected: readonly number[], id: number): boolean {
  if (selected.includes(id)) return true;
  return isDeliveryCombinationAllowed([...selected, id]);
}

function formatNumber(n: number): string {
  return String(Math.round(n * 100) / 100).replace('.', ',');
}

/** Format is 'length x width x height' in cm, stored only when all three are filled. */
export function formatDimensions(
  length: number | null | undefined,
  width: number | null | undefined,
  height: number | null | undefined,
): string | null {
  if (length == null || width == null || height == null) return null;
  return `${formatNumber(length)} x ${formatNumber(width)} x ${formatNumber(height)}`;
}

/**
 * The other way round: 'length x width x height' as `formatDimensions` writes it (or with `×`, dots, any spacing)
 * to the three sizes; null when it is not three non-negative numbers.
 */
export function parseDimensions(text: string): [number, number, number] | null {
  // Split on the letter alone (linear); parseDecimal drops the spaces around each number.
  const parts = text.split(/[x×]/i);
  if (parts.length !== 3) return null;
  const sizes = parts.map((p) => parseDecimal(p));
  if (sizes.some((n) => n === null || n < 0)) return null;
  return sizes as [number, number, number];
}

/** Weight in grams as the admin detail shows it. */
export function formatWeight(grams: number | null | undefined): string | null {
  if (grams == null) return null;
  return grams >= 1000 ? `${formatNumber(grams / 1000)} kg` : `${grams} gram`;
}

/**
 * A category title as it is stored and shown: trimmed, runs of white space made one space. U+FEFF (zero-width
 * no-break space) is not white space that shows, so it stays as typed (JavaScript's `\s` counts it).
 */
export function cleanCategoryTitle(title: string): string {
  return title.trim().replace(/[^\S\uFEFF]+/g, ' ');
}

/** Normalised key of a category title: custom categories are reused by title. */
export function normalizeCategoryTitle(title: string): string {
  return cleanCategoryTitle(title).toLocaleLowerCase('nl-NL');
}
