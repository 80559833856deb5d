import { MESSAGES } from '@ateliermarkt/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../lib/api-client.ts';

export type LoadErrorProps = { error: unknown; onRetry: () => void; title?: string };

/** Something that could not be loaded: the server's Dutch reason and a button that fetches it again. */
export function LoadError({ error, onRetry, title = MESSAGES.loadFailedTitle }: LoadErrorProps) {
  return (
    <Alert color="red" title={title} role="alert">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button variant="light" color="red" size="xs" onClick={onRetry}>
          {MESSAGES.retry}
        </Button>
      </Group>
    </Alert>
  );
}
