import { MESSAGES, type Workspace } from '@ateliermarkt/contract';
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteWorkspace } from '../api/delete-workspace.ts';
import { useSetFeatured } from '../api/set-featured.ts';
import { useSetPublishStatus } from '../api/set-publish-status.ts';

const failed = (title: string) => (error: unknown) =>
  notifications.show({ color: 'red', title, message: errorMessage(error) });

/** The row actions of the workshop table (spec 2.4), each with its confirmation where the spec asks one. */
export function useWorkshopActions(all: readonly Workspace[]) {
  const remove = useDeleteWorkspace();
  const publish = useSetPublishStatus();
  const feature = useSetFeatured();

  function togglePublished(w: Workspace) {
    publish.mutate(
      { id: w.id, isPublished: !w.isPublished },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: w.isPublished ? `${w.name} is offline gehaald` : `${w.name} is gepubliceerd`,
          }),
        onError: failed('Het publiceren is mislukt'),
      },
    );
  }

  function toggleFeatured(w: Workspace) {
    const save = (ids: string[]) =>
      feature.mutateAsync(ids).then(
        () =>
          notifications.show({
            color: 'green',
            message: ids.length ? `${w.name} is het uitgelichte atelier` : `${w.name} is niet meer uitgelicht`,
          }),
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
      cancelLabel: MESSAGES.cancel,
      onConfirm: () => save([w.id]),
    });
  }

  function confirmDelete(w: Workspace, onDeleted?: () => void) {
    if (w.isPublished) {
      notifications.show({
        color: 'orange',
        title: 'Niet verwijderd',
        message: MESSAGES.workspacePublishedCannotDelete,
      });
      return;
    }
    openConfirmDialog({
      key: `delete-workspace-${w.id}`,
      title: `${w.name} verwijderen`,
      children: createElement(
        'p',
        null,
        'Het atelier wordt verwijderd met al zijn gebruikers, producten en foto’s. De gebruikers kunnen daarna niet meer inloggen. Dit kan niet ongedaan worden.',
      ),
      confirmLabel: 'Verwijderen',
      cancelLabel: MESSAGES.cancel,
      color: 'red',
      onConfirm: () =>
        remove.mutateAsync(w.id).then(() => {
          notifications.show({ color: 'green', message: MESSAGES.workspaceDeleted });
          onDeleted?.();
        }, failed('Het verwijderen is mislukt')),
    });
  }

  return { togglePublished, toggleFeatured, confirmDelete };
}
