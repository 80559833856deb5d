import { MESSAGES } from '@ateliermarkt/contract';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteProduct, useDuplicateProduct, useSetProductPublished } from '../api/product-actions.ts';

type Target = { id: string; name: string; isPublished: boolean };

/** The row and detail actions with the spec's confirmations and notices (spec 2.7, 2.8, 8). */
export function useProductActions() {
  const remove = useDeleteProduct();
  const duplicate = useDuplicateProduct();
  const publish = useSetProductPublished();
  const failed = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) });

  return {
    busy: remove.isPending || duplicate.isPending || publish.isPending,
    confirmDelete(product: Target, onDone?: () => void) {
      modals.openConfirmModal({
        title: MESSAGES.confirmTitle,
        children: (
          <Text size="sm">
            Het product <strong>{product.name}</strong> wordt verwijderd. Dit kan niet ongedaan worden.
          </Text>
        ),
        labels: { confirm: 'Verwijderen', cancel: MESSAGES.cancel },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove.mutate(product.id, {
            onSuccess: () => {
              notifications.show({
                color: 'green',
                title: MESSAGES.deletedTitle,
                message: MESSAGES.productDeletedText,
              });
              onDone?.();
            },
            onError: failed,
          }),
      });
    },
    confirmCopy(product: Target, onDone?: (copyId: string) => void) {
      modals.openConfirmModal({
        title: MESSAGES.confirmTitle,
        children: <Text size="sm">{MESSAGES.productCopyConfirm}</Text>,
        labels: { confirm: 'Kopiëren', cancel: MESSAGES.cancel },
        onConfirm: () =>
          duplicate.mutate(product.id, {
            onSuccess: (copy) => {
              notifications.show({
                color: 'green',
                title: MESSAGES.productCopiedTitle,
                message: MESSAGES.productCopiedText,
              });
              onDone?.(copy.id);
            },
            onError: failed,
          }),
      });
    },
    confirmPublish(product: Target) {
      const isPublished = !product.isPublished;
      modals.openConfirmModal({
        title: MESSAGES.confirmTitle,
        children: (
          <Text size="sm">
            {isPublished
              ? `${product.name} wordt gepubliceerd en is dan te zien in de webshop.`
              : `${product.name} wordt offline gehaald en is dan niet meer te zien in de webshop.`}
          </Text>
        ),
        labels: { confirm: isPublished ? 'Publiceren' : 'Offline halen', cancel: MESSAGES.cancel },
        onConfirm: () =>
          publish.mutate(
            { id: product.id, isPublished },
            {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  message: isPublished ? MESSAGES.productPublished : MESSAGES.productUnpublished,
                }),
              onError: failed,
            },
          ),
      });
    },
  };
}
