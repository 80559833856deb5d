import {
  availableActions,
  ERROR_CODES,
  MESSAGES,
  type Reservation,
  type ReservationAction,
  reservationStateOf,
} from '@ateliermarkt/contract';
import { Button, Group, Text } from '@mantine/core';
import { openConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyFailure, notifySuccess } from '../../../components/notify.ts';
import type { RowAction } from '../../../components/row-actions-menu.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type ReservationCommand, useReservationCommand } from '../api/reservation-mutations.ts';

/** A refusal the dialog itself shows (it stays open): the stock no longer suffices. */
const staysInDialog = (error: unknown) => error instanceof ApiError && error.code === ERROR_CODES.outOfStock;

type ActionSpec = {
  label: string;
  command: Exclude<ReservationCommand['kind'], 'remove-product' | 'track-and-trace' | 'packages' | 'note'>;
  title: string;
  question: string[];
  confirm: string;
  success: string;
  failure: string;
  color?: string;
};

/** The row actions of a reservation with their confirmations and notices. */
export const ACTIONS: Record<ReservationAction, ActionSpec> = {
  approve: {
    label: 'Goedkeuren',
    command: 'confirm',
    title: 'Reservering goedkeuren',
    question: [MESSAGES.approveCheckShipping, MESSAGES.approveConfirm],
    confirm: 'Goedkeuren en betaallink sturen',
    success: MESSAGES.approveSucceeded,
    failure: MESSAGES.approveFailed,
  },
  reject: {
    label: 'Afwijzen',
    command: 'reject',
    title: 'Reservering afwijzen',
    question: ['Weet je zeker dat je deze reservering wilt afwijzen? De klant krijgt hierover een e-mail.'],
    confirm: 'Afwijzen',
    success: MESSAGES.rejectSucceeded,
    failure: MESSAGES.rejectFailed,
    color: 'red',
  },
  paymentReminder: {
    label: 'Herinnering sturen',
    command: 'send-payment-reminder',
    title: 'Betaalherinnering sturen',
    question: ['Weet je zeker dat je de klant een herinnering met een nieuwe betaallink wilt sturen?'],
    confirm: 'Herinnering sturen',
    success: MESSAGES.reminderSucceeded,
    failure: MESSAGES.reminderFailed,
  },
  shipped: {
    label: 'Pakket verzonden',
    command: 'shipped',
    title: 'Pakket verzonden',
    question: ['Is het pakket verzonden? De klant krijgt een e-mail met de track & trace.'],
    confirm: 'Ja, het pakket is verzonden',
    success: MESSAGES.completeSucceeded,
    failure: MESSAGES.completeFailed,
  },
  pickedUp: {
    label: 'Product opgehaald',
    command: 'received',
    title: 'Product opgehaald',
    question: ['Heeft de klant het product opgehaald?'],
    confirm: 'Ja, het is opgehaald',
    success: MESSAGES.completeSucceeded,
    failure: MESSAGES.completeFailed,
  },
  returnReceived: {
    label: 'Retour ontvangen',
    command: 'returned',
    title: 'Retour ontvangen',
    question: ['Is het geretourneerde product binnen? Het komt daarna weer te koop.'],
    confirm: 'Ja, de retour is binnen',
    success: MESSAGES.returnReceivedSucceeded,
    failure: MESSAGES.saveFailedRetry,
  },
};

/** Asks for one action (the dialog of ACTIONS) and runs it with its notices. */
function useRunReservationAction() {
  const command = useReservationCommand();
  const run = (reservation: Reservation, action: ReservationAction) => {
    const spec = ACTIONS[action];
    openConfirmDialog({
      key: `${action}-${reservation.id}`,
      title: spec.title,
      children: spec.question.map((line) => (
        <Text key={line} size="sm" mb="xs">
          {line}
        </Text>
      )),
      confirmLabel: spec.confirm,
      color: spec.color,
      staysOpenOn: staysInDialog,
      onConfirm: () =>
        command.mutateAsync({ kind: spec.command, id: reservation.id }).then(
          () => notifySuccess(spec.success),
          (error: unknown) => {
            if (staysInDialog(error)) throw error;
            notifyFailure(error, { title: spec.failure, fallback: spec.failure });
          },
        ),
    });
  };
  const busy = (reservation: Reservation) => command.isPending && command.variables?.id === reservation.id;
  return { run, busy };
}

/** The actions the state machine allows for this reservation. */
const allowedActions = (reservation: Reservation) => availableActions(reservationStateOf(reservation));

export type ReservationActionsProps = { reservation: Reservation; size?: 'xs' | 'sm' };

/** The buttons the state machine allows for this reservation, each asking first (the detail dialog). */
export function ReservationActions({ reservation, size = 'xs' }: ReservationActionsProps) {
  const { run, busy } = useRunReservationAction();
  const actions = allowedActions(reservation);

  // Always there, also without buttons: after an action its button is gone, and focus goes to the next one (or the
  // dialog) through this fallback.
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-focus-fallback="first-action"
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      {actions.map((action) => (
        <Button
          key={action}
          size={size}
          variant={action === 'reject' ? 'default' : 'light'}
          color={ACTIONS[action].color}
          onClick={() => run(reservation, action)}
          loading={busy(reservation)}
          aria-label={`${ACTIONS[action].label}: reservering ${reservation.orderNumber}`}
        >
          {ACTIONS[action].label}
        </Button>
      ))}
    </Group>
  );
}

/** The same actions as the rows of the list show them: in the shared '…' menu, rejecting last and red. */
export function useReservationRowActions(): (reservation: Reservation) => RowAction[] {
  const { run, busy } = useRunReservationAction();
  return (reservation) =>
    allowedActions(reservation).map((action) => ({
      label: ACTIONS[action].label,
      destructive: action === 'reject',
      disabledReason: busy(reservation) ? MESSAGES.listLoading : undefined,
      onClick: () => run(reservation, action),
    }));
}
