import { MESSAGES } from '@ateliermarkt/contract';
import { modals } from '@mantine/modals';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

export type UnsavedChanges = {
  /**
   * Lets the next navigation through without asking: call it right before navigating away after a save, when the
   * form still counts as changed until its next render.
   */
  release: () => void;
};

/**
 * The one way a form warns before its unsaved changes are lost: a link or back button inside the app asks first in
 * a Dutch dialog ('Blijven' / 'Pagina verlaten'), a reload or closing the tab gets the browser's own question.
 * `dirty` is usually `form.isDirty()`, false once the form is saved.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  // A released form that is clean again (saved and kept on screen) warns again at its next change.
  useEffect(() => {
    if (!dirty) released.current = false;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (released.current) return;
      e.preventDefault();
      // Older browsers only ask when a return value is set; the text itself is theirs, not ours.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const state = blocker.state;
  const proceed = blocker.proceed;
  const reset = blocker.reset;
  useEffect(() => {
    if (state !== 'blocked' || !proceed || !reset) return;
    let leaving = false;
    const modalId = modals.openConfirmModal({
      title: MESSAGES.unsavedChangesTitle,
      children: MESSAGES.unsavedChanges,
      labels: { confirm: MESSAGES.leavePage, cancel: MESSAGES.stayOnPage },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => {
        leaving = true;
        proceed();
      },
      // Cancel, Escape, the close button and a click outside all mean: stay.
      onClose: () => {
        if (!leaving) reset();
      },
    });
    return () => modals.close(modalId);
  }, [state, proceed, reset]);

  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { release };
}
