import type { Transition } from './reservation-machine.ts';
import {
  confirmReservation,
  markReservationPickedUp,
  markReservationReturned,
  markReservationShipped,
  rejectReservation,
} from './reservations.endpoints.ts';

/** The transitions of the state machine the back office starts, each with its endpoint's path segment. */
export const transitionEndpoints = {
  confirm: confirmReservation,
  reject: rejectReservation,
  shipped: markReservationShipped,
  received: markReservationPickedUp,
  returned: markReservationReturned,
} as const satisfies Partial<Record<Transition, { path: `/reservations/:id/${Transition}` }>>;

export type BackOfficeTransition = keyof typeof transitionEndpoints;
