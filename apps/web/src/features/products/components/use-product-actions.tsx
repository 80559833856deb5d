import { MESSAGES } from '@ateliermarkt/contract';
import { Text } from '@mantine/core';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useDeleteProduct, useDuplicateProduct, useSetProductPublished } from '../api/product-actions.ts';

type Target = { id: string; name: string; isPublished: boolean };

/** The row and detail actions with their confirmations and notices. */
export function useProductActions() {
  const remove = useDeleteProduct();
  const duplicate = useDuplicateProduct();
  const publish = useSetProductPublished();
  const failed = (error: unknown) => notifyFailure(error);

  return {
    busy: remove.isPending || duplicate.isPending || publish.isPending,
    confirmDelete(product: Target, onDone?: () => void) {
      openConfirmDialog({
        key: `delete-product-${product.id}`,
        title: MESSAGES.confirmTitle,
        children: (
          <Text size="sm">
            Het product <strong>{product.name}</strong> wordt verwijderd. Dit kan niet ongedaan worden.
          </Text>
        ),
        confirmLabel: MESSAGES.delete,
        color: 'red',
        onConfirm: () =>
          remove.mutateAsync(product.id).then(() => {
            notifySuccess(MESSAGES.productDeletedText, MESSAGES.deletedTitle);
            onDone?.();
          }, failed),
      });
    },
    confirmCopy(product: Target, onDone?: (copyId: string) => void) {
      openConfirmDialog({
        key: `copy-product-${product.id}`,
        title: MESSAGES.confirmTitle,
        children: <Text size="sm">{MESSAGES.productCopyConfirm}</Text>,
        confirmLabel: 'Kopiëren',
        onConfirm: () =>
          duplicate.mutateAsync(product.id).then((copy) => {
            notifySuccess(MESSAGES.productCopiedText, MESSAGES.productCopiedTitle);
            onDone?.(copy.id);
          }, failed),
      });
    },
    confirmPublish(product: Target) {
      const isPublished = !product.isPublished;
      openConfirmDialog({
        key: `publish-product-${product.id}`,
        title: MESSAGES.confirmTitle,
        children: (
          <Text size="sm">
            {isPublished
              ? `${product.name} wordt gepubliceerd en is dan te zien in de webshop.`
              : `${product.name} wordt offline gehaald en is dan niet meer te zien in de webshop.`}
          </Text>
        ),
        confirmLabel: isPublished ? 'Publiceren' : 'Offline halen',
        onConfirm: () =>
          publish
            .mutateAsync({ id: product.id, isPublished })
            .then(() => notifySuccess(isPublished ? MESSAGES.productPublished : MESSAGES.productUnpublished), failed),
      });
    },
  };
}
