import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/api-client.ts';

export type LoadErrorProps = { error: unknown; onRetry: () => void };

/** A list that could not be loaded: the server's Dutch message and a retry button. */
export function LoadError({ error, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" title="Laden mislukt" role="alert">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{errorMessage(error)}</Text>
        <Button variant="light" color="red" size="xs" onClick={onRetry}>
          Opnieuw proberen
        </Button>
      </Group>
    </Alert>
  );
}
