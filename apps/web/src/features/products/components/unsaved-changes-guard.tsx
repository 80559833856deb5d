import { MESSAGES } from '@ateliermarkt/contract';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** Asks before leaving a screen with unsaved changes: in-app navigation through the router, reload/close natively. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Wijzigingen niet opgeslagen"
      centered
    >
      <Text size="sm">{MESSAGES.unsavedChanges}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Blijven
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Pagina verlaten
        </Button>
      </Group>
    </Modal>
  );
}
