import { MESSAGES, type ProductBulkAction, type ProductListItem } from '@ateliermarkt/contract';
import { Button, Text } from '@mantine/core';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { IconEye, IconEyeOff, IconTrash } from '../../../components/icons.tsx';
import { notifyBulkResult, notifyFailure } from '../../../components/notify.ts';
import { SelectionBar } from '../../../components/selection-bar.tsx';
import { useBulkProducts } from '../api/product-actions.ts';

export type ProductBulkBarProps = {
  selected: ProductListItem[];
  onClear: () => void;
  /** Publishing is the workshop admin's (as one by one); a plain user only deletes. */
  mayPublish: boolean;
};

const LABEL: Record<ProductBulkAction, string> = {
  publish: MESSAGES.bulkPublish,
  unpublish: MESSAGES.bulkUnpublish,
  delete: MESSAGES.delete,
};

/**
 * Publish, unpublish or delete the chosen products in one confirmation. The server applies each by the
 * rules of the single action and says per product how it went; the notice counts what worked and lists the rest.
 */
export function ProductBulkBar({ selected, onClear, mayPublish }: ProductBulkBarProps) {
  const bulk = useBulkProducts();

  const confirm = (action: ProductBulkAction) => {
    const chosen = [...selected];
    const nameOf = new Map(chosen.map((p) => [p.id, p.name]));
    openConfirmDialog({
      key: 'bulk-products',
      title: MESSAGES.confirmTitle,
      children: <Text size="sm">{MESSAGES.bulkProductsConfirm(action, chosen.length)}</Text>,
      confirmLabel: LABEL[action],
      color: action === 'delete' ? 'red' : undefined,
      onConfirm: () =>
        bulk.mutateAsync({ action, ids: chosen.map((p) => p.id) }).then(
          (result) => {
            notifyBulkResult({
              summary: MESSAGES.bulkProductsDone(action, result.succeeded.length),
              succeeded: result.succeeded.length,
              failedHeading: MESSAGES.bulkProductsFailedTitle(result.failed.length),
              failures: result.failed.map((f) => ({ name: nameOf.get(f.id) ?? f.id, message: f.message })),
            });
            onClear();
          },
          (error) => notifyFailure(error),
        ),
    });
  };

  return (
    <SelectionBar count={selected.length} onClear={onClear}>
      {mayPublish && (
        <>
          <Button size="xs" variant="default" leftSection={<IconEye />} onClick={() => confirm('publish')}>
            {LABEL.publish}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconEyeOff />} onClick={() => confirm('unpublish')}>
            {LABEL.unpublish}
          </Button>
        </>
      )}
      <Button size="xs" variant="light" color="red" leftSection={<IconTrash />} onClick={() => confirm('delete')}>
        {LABEL.delete}
      </Button>
    </SelectionBar>
  );
}
