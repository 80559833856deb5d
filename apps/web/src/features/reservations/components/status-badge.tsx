import { MESSAGES, type Reservation, type ReservationStatus, reservationStateOf, STATUS } from '@ateliermarkt/contract';
import { Tooltip, VisuallyHidden } from '@mantine/core';
import { CellBadge } from '../../../components/cell-parts.tsx';

const COLORS: Record<ReservationStatus, string> = {
  [STATUS.new]: 'terracotta',
  [STATUS.rejected]: 'gray',
  [STATUS.awaitingPayment]: 'yellow',
  [STATUS.paid]: 'blue',
  [STATUS.shipped]: 'green',
  [STATUS.pickedUp]: 'green',
  [STATUS.returning]: 'orange',
  [STATUS.returnReceived]: 'gray',
};

/**
 * The status name; a paused reservation explains itself in a tooltip that keyboard users can reach too, and in text a
 * screen reader reads with the name (an aria-label on a plain element, as before, is not read out).
 */
export function StatusBadge({ reservation }: { reservation: Reservation }) {
  const { status, paused } = reservationStateOf(reservation);
  const color = paused ? 'gray' : COLORS[status];
  const badge = (
    <CellBadge variant="light" color={color} tabIndex={reservation.isPaused ? 0 : undefined}>
      {reservation.statusName}
      {reservation.isPaused && <VisuallyHidden>: {MESSAGES.pausedTooltip}</VisuallyHidden>}
    </CellBadge>
  );
  if (!paused || status !== STATUS.new) return badge;
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
