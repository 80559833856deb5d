import { VisuallyHidden } from '@mantine/core';
import { useSyncExternalStore } from 'react';

/**
 * One polite live region for the whole app: screens call `announce()` for what a screen reader must hear that has no
 * element of its own to read (a form that did not pass its checks, the wizard's next step). Each announcement is a
 * fresh node, so the same sentence twice is read twice.
 */
type Announcement = { id: number; message: string };

let current: Announcement = { id: 0, message: '' };
const listeners = new Set<() => void>();

export function announce(message: string): void {
  current = { id: current.id + 1, message };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function LiveRegion() {
  const { id, message } = useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="live-region">
      <span key={id}>{message}</span>
    </VisuallyHidden>
  );
}
