import { MESSAGES } from '@ateliermarkt/contract';
import { Alert, Button, Flex, type ModalProps } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { type ReactNode, useRef, useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';

export type ConfirmDialogOptions = {
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Colour of the confirm button ('red' for what cannot be undone). */
  color?: string;
  size?: ModalProps['size'];
  /**
   * The change itself, usually a mutation's `mutateAsync` with its notices. The dialog stays open with its confirm
   * button loading (and so disabled) until this settles, then closes; failures are the caller's to show.
   */
  onConfirm: () => Promise<unknown>;
  /**
   * A failure onConfirm passes on (rejects with) that belongs in the dialog: its Dutch text is shown inside, and the
   * dialog stays open to cancel or try again (the approval the stock no longer allows).
   */
  staysOpenOn?: (error: unknown) => boolean;
  /**
   * One dialog per key (e.g. `approve-{id}`): asking again while it is open, as a double click on the button that
   * opens it does, opens no second one.
   */
  key?: string;
};

type ConfirmBodyProps = Pick<
  ConfirmDialogOptions,
  'children' | 'confirmLabel' | 'cancelLabel' | 'color' | 'staysOpenOn'
> & {
  onConfirm: () => Promise<unknown>;
  /** Called when the change starts: from then on the dialog cannot be dismissed. */
  onStart: () => void;
  /** Called when a failure is shown in the dialog: it can be dismissed again. */
  onStop: () => void;
  close: () => void;
};

function ConfirmBody({
  children,
  confirmLabel,
  cancelLabel,
  color,
  onConfirm,
  onStart,
  onStop,
  staysOpenOn,
  close,
}: ConfirmBodyProps) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Set at once, not after a render: the second click of a double click arrives before `loading` disables the button.
  const confirmed = useRef(false);

  const confirm = () => {
    if (confirmed.current) return;
    confirmed.current = true;
    setPending(true);
    setFailure(null);
    onStart();
    onConfirm().then(close, (error: unknown) => {
      if (!staysOpenOn?.(error)) {
        close();
        return;
      }
      setFailure(errorMessage(error));
      setPending(false);
      confirmed.current = false;
      onStop();
    });
  };

  return (
    <>
      {children}
      {failure && (
        <Alert color="red" role="alert" mt="sm">
          {failure}
        </Alert>
      )}
      {/* On a phone the buttons stack, full width, the confirm button on top. */}
      <Flex mt="md" gap="sm" justify="flex-end" direction={{ base: 'column-reverse', xs: 'row' }}>
        <Button variant="default" onClick={close} disabled={pending}>
          {cancelLabel ?? MESSAGES.cancel}
        </Button>
        <Button color={color} onClick={confirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Flex>
    </>
  );
}

/**
 * Where focus goes when what opened a dialog is gone. A fallback marked `data-focus-fallback="first-action"` (a
 * reservation's action buttons) offers its first button, as the work goes on there (approve, then send a
 * reminder); with none left, the dialog around it. Any other fallback (a list) takes focus itself.
 */
export function focusFallback(fallback: HTMLElement) {
  if (fallback.dataset.focusFallback !== 'first-action') {
    fallback.focus();
    return;
  }
  const next =
    fallback.querySelector<HTMLElement>('button:not(:disabled)') ?? fallback.closest<HTMLElement>('[role="dialog"]');
  (next ?? fallback).focus();
}

/**
 * The one confirmation dialog of the app: every change that asks first goes through it, so a double click sends
 * one request (docs/decisions/0016). While the change is under way the dialog cannot be dismissed.
 */
export function openConfirmDialog({ title, size, key, onConfirm, ...body }: ConfirmDialogOptions): void {
  const modalId = key ?? randomId();
  // Focus goes back to what opened the dialog; when that is gone (its row was deleted), to the list around it.
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const fallback = opener?.closest<HTMLElement>('[data-focus-fallback]') ?? null;
  const restoreFocus = () => {
    if (opener?.isConnected) opener.focus();
    else if (fallback?.isConnected) focusFallback(fallback);
  };
  const close = () => modals.close(modalId);
  // While the change is under way the dialog cannot be dismissed. (The second click of the double click that opened
  // it is no click outside: lib/double-click-second-click.ts.)
  const onStart = () =>
    modals.updateModal({ modalId, closeOnEscape: false, closeOnClickOutside: false, withCloseButton: false });
  const onStop = () =>
    modals.updateModal({ modalId, closeOnEscape: true, closeOnClickOutside: true, withCloseButton: true });
  // Mantine ignores opening an id that is open; a fresh key on the body so a reopened dialog starts unconfirmed.
  modals.open({
    modalId,
    title,
    returnFocus: false,
    onExitTransitionEnd: restoreFocus,
    // The default width holds 'Annuleren' and a confirm label of about 20 characters on one line; a longer label
    // would push the confirm button onto a line of its own.
    size: size ?? (body.confirmLabel.length > 20 ? 'lg' : 'md'),
    children: (
      <ConfirmBody key={randomId()} {...body} onConfirm={onConfirm} onStart={onStart} onStop={onStop} close={close} />
    ),
  });
}
