/**
 * Bulk work on products: each id goes through the single action's own service function, in its own
 * transaction, so the rules cannot drift from one-by-one. What one of them refuses (not found — also another
 * workshop's —, not yours, in a reservation) is reported for that id; the others go on.
 */
import {
  assertNever,
  ERROR_CODES,
  type ErrorCode,
  type ProductBulkAction,
  type ProductBulkResponse,
} from '@ateliermarkt/contract';
import type { AppContext } from '../../context.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/auth.ts';
import { remove, setPublished } from './products.service.ts';

/** The refusals of a single action that belong to one product, not to the whole request. */
const PER_PRODUCT: readonly ErrorCode[] = [ERROR_CODES.notFound, ERROR_CODES.forbidden, ERROR_CODES.conflict];

function actionOf(ctx: AppContext, actor: Actor, action: ProductBulkAction): (id: string) => Promise<void> {
  switch (action) {
    case 'publish':
    case 'unpublish':
      // As POST products/{id}/publish-status: the workshop admin's alone.
      if (actor.kind !== 'workshopAdmin') throw forbidden();
      return (id) => setPublished(ctx, actor, id, action === 'publish');
    case 'delete':
      return (id) => remove(ctx, actor, id);
    default:
      return assertNever(action, 'bulk action');
  }
}

export async function bulk(
  ctx: AppContext,
  actor: Actor,
  action: ProductBulkAction,
  ids: readonly string[],
): Promise<ProductBulkResponse> {
  const apply = actionOf(ctx, actor, action);
  const result: ProductBulkResponse = { succeeded: [], failed: [] };
  for (const id of new Set(ids)) {
    try {
      await apply(id);
      result.succeeded.push(id);
    } catch (error) {
      if (!(error instanceof AppError) || !PER_PRODUCT.includes(error.code)) throw error;
      result.failed.push({ id, message: error.message });
    }
  }
  return result;
}
