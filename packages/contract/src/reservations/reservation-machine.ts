import { DELIVERY_METHOD_PICKUP } from '../constants.ts';

/**
 * The reservation state machine as data: which transition is allowed from which
 * status, the flags the server sends, the status names. The server refuses what this table refuses (409) and the
 * web app offers only the buttons it allows.
 */

export const RESERVATION_STATUSES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const STATUS = {
  new: 0,
  rejected: 1,
  awaitingPayment: 2,
  paid: 3,
  shipped: 4,
  pickedUp: 5,
  returning: 6,
  returnReceived: 7,
} as const satisfies Record<string, ReservationStatus>;

export const PAUSED_STATUS_NAME = 'Gepauzeerd';

/** Open means new, awaiting payment, paid or returning; the overview splits open from closed by it. */
export const OPEN_STATUSES: readonly ReservationStatus[] = [
  STATUS.new,
  STATUS.awaitingPayment,
  STATUS.paid,
  STATUS.returning,
];

/** Paid, or further along after payment: the statuses whose labels, slips and addresses belong to a paid order. */
export const PAID_STATUSES: readonly ReservationStatus[] = [
  STATUS.paid,
  STATUS.shipped,
  STATUS.pickedUp,
  STATUS.returning,
  STATUS.returnReceived,
];

const STATUS_NAMES: Record<ReservationStatus, string> = {
  0: 'Nieuw',
  1: 'Afgewezen',
  2: 'Wachten op betaling',
  3: 'Betaald',
  4: 'Afgerond',
  5: 'Afgerond',
  6: 'Retour onderweg',
  7: 'Retour ontvangen',
};

export function isReservationStatus(value: unknown): value is ReservationStatus {
  return typeof value === 'number' && (RESERVATION_STATUSES as readonly number[]).includes(value);
}

/** The name shown for a status; a new reservation that is paused is called 'Gepauzeerd'. */
export function statusName(status: ReservationStatus, paused = false): string {
  return status === STATUS.new && paused ? PAUSED_STATUS_NAME : STATUS_NAMES[status];
}

/** Shipping methods (2–5) and the pickup method (1); the ids are fixed. */
export function isShipping(deliveryMethodId: number | null | undefined): boolean {
  return (
    deliveryMethodId != null &&
    deliveryMethodId !== DELIVERY_METHOD_PICKUP &&
    deliveryMethodId >= 2 &&
    deliveryMethodId <= 5
  );
}
export function isPickup(deliveryMethodId: number | null | undefined): boolean {
  return deliveryMethodId === DELIVERY_METHOD_PICKUP;
}

export type Transition = 'confirm' | 'reject' | 'paid' | 'shipped' | 'received' | 'startReturn' | 'returned';

type TransitionRule = {
  from: readonly ReservationStatus[];
  to: ReservationStatus;
  /** An extra condition on the delivery method. */
  delivery?: 'shipping' | 'pickup';
};

/** The table: from which statuses each transition may start, and where it ends. */
export const TRANSITIONS: Record<Transition, TransitionRule> = {
  confirm: { from: [STATUS.new], to: STATUS.awaitingPayment },
  reject: { from: [STATUS.new, STATUS.awaitingPayment], to: STATUS.rejected },
  paid: { from: [STATUS.awaitingPayment], to: STATUS.paid },
  shipped: { from: [STATUS.paid], to: STATUS.shipped, delivery: 'shipping' },
  received: { from: [STATUS.paid], to: STATUS.pickedUp, delivery: 'pickup' },
  startReturn: { from: [STATUS.shipped, STATUS.pickedUp], to: STATUS.returning },
  returned: { from: [STATUS.returning], to: STATUS.returnReceived },
};
export const TRANSITION_NAMES = Object.keys(TRANSITIONS) as Transition[];

/** What may be done to a reservation without changing its status. */
export type ReservationEdit = 'paymentReminder' | 'changeLines' | 'trackAndTrace';

/**
 * The second table: from which statuses each edit may be done. `changeLines` is removing a product and changing the
 * delivery method or number of packages; the payment reminder sends a new link.
 */
export const EDITS: Record<ReservationEdit, { from: readonly ReservationStatus[] }> = {
  paymentReminder: { from: [STATUS.awaitingPayment] },
  changeLines: { from: [STATUS.new, STATUS.awaitingPayment] },
  trackAndTrace: { from: RESERVATION_STATUSES.filter((s) => s !== STATUS.rejected) },
};

/** Whether an edit may be done now. */
export function mayEdit(state: Pick<ReservationState, 'status'>, edit: ReservationEdit): boolean {
  return EDITS[edit].from.includes(state.status);
}

export type ReservationState = {
  status: ReservationStatus;
  deliveryMethodId: number | null;
  /** Status 0 while an available unique product of it is held by another reservation in status 2. */
  paused?: boolean;
};

export type TransitionCheck =
  | { allowed: true; to: ReservationStatus }
  | { allowed: false; reason: 'status' | 'delivery' | 'paused' };

/** Whether a transition may happen now, and where it leads. */
export function checkTransition(state: ReservationState, transition: Transition): TransitionCheck {
  const rule = TRANSITIONS[transition];
  if (!rule.from.includes(state.status)) return { allowed: false, reason: 'status' };
  if (rule.delivery === 'shipping' && !isShipping(state.deliveryMethodId))
    return { allowed: false, reason: 'delivery' };
  if (rule.delivery === 'pickup' && !isPickup(state.deliveryMethodId)) return { allowed: false, reason: 'delivery' };
  if (transition === 'confirm' && state.paused) return { allowed: false, reason: 'paused' };
  return { allowed: true, to: rule.to };
}

export type ReservationFlags = {
  isOpen: boolean;
  isPaid: boolean;
  mayReject: boolean;
  mayEditReservation: boolean;
  willShip: boolean;
  willBeFetched: boolean;
  willBeFetchedAfterPayment: boolean;
  isReturning: boolean;
  showCustomerAddress: boolean;
};

/** The server-supplied flags of a reservation, computed from status and delivery method. */
export function reservationFlags(state: ReservationState): ReservationFlags {
  const { status } = state;
  const willShip = isShipping(state.deliveryMethodId);
  const willBeFetched = isPickup(state.deliveryMethodId);
  const isPaid = PAID_STATUSES.includes(status);
  return {
    isOpen: OPEN_STATUSES.includes(status),
    isPaid,
    mayReject: checkTransition(state, 'reject').allowed,
    mayEditReservation: mayEdit(state, 'changeLines'),
    willShip,
    willBeFetched,
    willBeFetchedAfterPayment: willBeFetched && status === STATUS.paid,
    isReturning: status === STATUS.returning,
    showCustomerAddress: willShip && isPaid,
  };
}

/** The row actions of a reservation. */
export type ReservationAction = 'approve' | 'reject' | 'paymentReminder' | 'shipped' | 'pickedUp' | 'returnReceived';

/** The transition, or the edit, behind each row action, in the order the overview shows them. */
export const ACTION_RULES: Record<ReservationAction, { transition: Transition } | { edit: ReservationEdit }> = {
  approve: { transition: 'confirm' },
  reject: { transition: 'reject' },
  paymentReminder: { edit: 'paymentReminder' },
  shipped: { transition: 'shipped' },
  pickedUp: { transition: 'received' },
  returnReceived: { transition: 'returned' },
};

/** Whether the server would accept this action now: exactly what its transition or edit table allows. */
export function mayDo(state: ReservationState, action: ReservationAction): boolean {
  const rule = ACTION_RULES[action];
  return 'transition' in rule ? checkTransition(state, rule.transition).allowed : mayEdit(state, rule.edit);
}

/** The actions the overview offers for a reservation, in the order it shows them: derived from the two tables. */
export function availableActions(state: ReservationState): ReservationAction[] {
  return (Object.keys(ACTION_RULES) as ReservationAction[]).filter((action) => mayDo(state, action));
}

/** The transition behind each row action (the reminder changes no status). */
export const ACTION_TRANSITION = Object.fromEntries(
  Object.entries(ACTION_RULES).map(([action, rule]) => [action, 'transition' in rule ? rule.transition : null]),
) as Record<ReservationAction, Transition | null>;
