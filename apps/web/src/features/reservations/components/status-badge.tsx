import { MESSAGES, type Reservation, STATUS } from '@ateliermarkt/contract';
import { Badge, Tooltip } from '@mantine/core';

const COLORS: Record<number, string> = {
  0: 'terracotta',
  1: 'gray',
  2: 'yellow',
  3: 'blue',
  4: 'green',
  5: 'green',
  6: 'orange',
  7: 'gray',
};

/** The status name; a paused reservation explains itself in a tooltip that keyboard users can reach too. */
export function StatusBadge({ reservation }: { reservation: Reservation }) {
  const color = reservation.isPaused ? 'gray' : (COLORS[reservation.status.code] ?? 'gray');
  const badge = (
    <Badge
      variant="light"
      color={color}
      // Mantine's light badge text (yellow, orange, blue) is below 4.5:1 on white: the colour is in the background.
      c="var(--mantine-color-text)"
      tabIndex={reservation.isPaused ? 0 : undefined}
      aria-label={reservation.isPaused ? `${reservation.statusName}: ${MESSAGES.pausedTooltip}` : undefined}
      style={{ textTransform: 'none' }}
    >
      {reservation.statusName}
    </Badge>
  );
  if (!reservation.isPaused || reservation.status.code !== STATUS.new) return badge;
  return (
    <Tooltip
      label={MESSAGES.pausedTooltip}
      multiline
      w={280}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      {badge}
    </Tooltip>
  );
}
