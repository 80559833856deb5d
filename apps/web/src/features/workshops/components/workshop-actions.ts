import { MESSAGES, type Workshop } from '@ateliermarkt/contract';
import { createElement } from 'react';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import { useDeleteWorkshop } from '../api/delete-workshop.ts';
import { useSetFeatured } from '../api/set-featured.ts';
import { useSetPublishStatus } from '../api/set-publish-status.ts';

const failed = (title: string) => (error: unknown) => notifyFailure(error, { title });

/** The row actions of the workshop table, each with its confirmation where it deletes or changes what others see. */
export function useWorkshopActions(all: readonly Workshop[]) {
  const remove = useDeleteWorkshop();
  const publish = useSetPublishStatus();
  const feature = useSetFeatured();

  function togglePublished(w: Workshop) {
    publish.mutate(
      { id: w.id, isPublished: !w.isPublished },
      {
        onSuccess: () => notifySuccess(w.isPublished ? `${w.name} is offline gehaald` : `${w.name} is gepubliceerd`),
        onError: failed('Het publiceren is mislukt'),
      },
    );
  }

  function toggleFeatured(w: Workshop) {
    const save = (ids: string[]) =>
      feature
        .mutateAsync(ids)
        .then(
          () =>
            notifySuccess(ids.length ? `${w.name} is het uitgelichte atelier` : `${w.name} is niet meer uitgelicht`),
          failed('Het uitlichten is mislukt'),
        );
    if (w.isFeatured) return void save([]);
    const other = all.find((x) => x.isFeatured && x.id !== w.id);
    if (!other) return void save([w.id]);
    openConfirmDialog({
      key: `feature-workspace-${w.id}`,
      title: 'Atelier uitlichten',
      size: 'lg',
      children: createElement('p', null, MESSAGES.workspaceFeaturedOther),
      confirmLabel: MESSAGES.workspaceFeaturedConfirm,
      onConfirm: () => save([w.id]),
    });
  }

  /** Only for a workshop that is offline: the table disables it for a published one, with the reason. */
  function confirmDelete(w: Workshop, onDeleted?: () => void) {
    openConfirmDialog({
      key: `delete-workspace-${w.id}`,
      title: `${w.name} verwijderen`,
      children: createElement(
        'p',
        null,
        'Het atelier wordt verwijderd met al zijn gebruikers, producten en foto’s. De gebruikers kunnen daarna niet meer inloggen. Dit kan niet ongedaan worden.',
      ),
      confirmLabel: MESSAGES.delete,
      color: 'red',
      onConfirm: () =>
        remove.mutateAsync(w.id).then(() => {
          notifySuccess(MESSAGES.workspaceDeleted);
          onDeleted?.();
        }, failed('Het verwijderen is mislukt')),
    });
  }

  return { togglePublished, toggleFeatured, confirmDelete };
}
