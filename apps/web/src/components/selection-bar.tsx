import { MESSAGES } from '@ateliermarkt/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type SelectionBarProps = {
  count: number;
  onClear: () => void;
  /** The actions on the chosen rows (buttons). */
  children: ReactNode;
};

/**
 * The bar above a list while rows are chosen: how many, the bulk actions, and 'Selectie wissen'.
 * Nothing is shown while nothing is chosen. A polite live region, so the count is read out as it changes.
 */
export function SelectionBar({ count, onClear, children }: SelectionBarProps) {
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" bg="var(--mantine-color-blue-light)">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} role="status" aria-live="polite">
          {MESSAGES.bulkSelected(count)}
        </Text>
        <Group gap="xs" wrap="wrap">
          {children}
          <Button variant="subtle" size="xs" onClick={onClear}>
            {MESSAGES.bulkClearSelection}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
