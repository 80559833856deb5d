import { describe, expect, it } from 'vitest';
import {
  ACTION_TRANSITION,
  availableActions,
  checkTransition,
  EDITS,
  mayDo,
  mayEdit,
  RESERVATION_STATUSES,
  type ReservationAction,
  type ReservationStatus,
  reservationFlags,
  STATUS,
  statusName,
  TRANSITION_NAMES,
  TRANSITIONS,
  type Transition,
} from './reservation-machine.ts';

const PICKUP = 1;
const SHIPPING_METHODS = [2, 3, 4, 5];
const DELIVERY = [PICKUP, ...SHIPPING_METHODS];

/** The expected table, written out by hand: transition → statuses it may start from → status it ends in. */
const EXPECTED: Record<Transition, [ReservationStatus[], ReservationStatus]> = {
  confirm: [[0], 2],
  reject: [[0, 2], 1],
  paid: [[2], 3],
  shipped: [[3], 4],
  received: [[3], 5],
  startReturn: [[4, 5], 6],
  returned: [[6], 7],
};

describe('every status × every transition × every delivery method', () => {
  for (const status of RESERVATION_STATUSES) {
    for (const transition of TRANSITION_NAMES) {
      for (const deliveryMethodId of DELIVERY) {
        it(`${transition} from ${status} with method ${deliveryMethodId}`, () => {
          const [from, to] = EXPECTED[transition];
          const deliveryOk =
            transition === 'shipped'
              ? SHIPPING_METHODS.includes(deliveryMethodId)
              : transition === 'received'
                ? deliveryMethodId === PICKUP
                : true;
          const result = checkTransition({ status, deliveryMethodId }, transition);
          if (from.includes(status) && deliveryOk) expect(result).toEqual({ allowed: true, to });
          else expect(result.allowed).toBe(false);
        });
      }
    }
  }

  it('a paused reservation cannot be approved, but can be rejected', () => {
    expect(checkTransition({ status: 0, deliveryMethodId: 3, paused: true }, 'confirm')).toEqual({
      allowed: false,
      reason: 'paused',
    });
    expect(checkTransition({ status: 0, deliveryMethodId: 3, paused: true }, 'reject').allowed).toBe(true);
  });

  it('repeating a transition that happened is refused', () => {
    for (const transition of TRANSITION_NAMES) {
      const [, to] = EXPECTED[transition];
      for (const deliveryMethodId of DELIVERY) {
        expect(checkTransition({ status: to, deliveryMethodId }, transition).allowed).toBe(false);
      }
    }
  });
});

describe('flags', () => {
  it.each(RESERVATION_STATUSES.flatMap((s) => DELIVERY.map((d) => [s, d] as const)))(
    'status %s, method %s',
    (status, deliveryMethodId) => {
      const f = reservationFlags({ status, deliveryMethodId });
      const ship = deliveryMethodId !== PICKUP;
      expect(f).toEqual({
        isOpen: [0, 2, 3, 6].includes(status),
        isPaid: status >= 3,
        mayReject: status === 0 || status === 2,
        mayEditReservation: status === 0 || status === 2,
        willShip: ship,
        willBeFetched: !ship,
        willBeFetchedAfterPayment: !ship && status === 3,
        isReturning: status === 6,
        showCustomerAddress: ship && status >= 3,
      });
    },
  );

  it('an unknown delivery method neither ships nor is fetched', () => {
    expect(reservationFlags({ status: 3, deliveryMethodId: 9 })).toMatchObject({
      willShip: false,
      willBeFetched: false,
    });
    expect(reservationFlags({ status: 3, deliveryMethodId: null })).toMatchObject({ willShip: false });
  });
});

describe('names', () => {
  it('names every status in Dutch', () => {
    expect(RESERVATION_STATUSES.map((s) => statusName(s))).toEqual([
      'Nieuw',
      'Afgewezen',
      'Wachten op betaling',
      'Betaald',
      'Afgerond',
      'Afgerond',
      'Retour onderweg',
      'Retour ontvangen',
    ]);
  });

  it('a paused new reservation is Gepauzeerd; pausing means nothing in other statuses', () => {
    expect(statusName(STATUS.new, true)).toBe('Gepauzeerd');
    expect(statusName(STATUS.awaitingPayment, true)).toBe('Wachten op betaling');
  });
});

describe('row actions', () => {
  it.each([
    [0, 3, false, ['approve', 'reject']],
    [0, 3, true, ['reject']],
    [2, 3, false, ['reject', 'paymentReminder']],
    [3, 3, false, ['shipped']],
    [3, 1, false, ['pickedUp']],
    [4, 3, false, []],
    [5, 1, false, []],
    [6, 3, false, ['returnReceived']],
    [1, 3, false, []],
    [7, 3, false, []],
  ] as const)('status %s, method %s, paused %s → %j', (status, deliveryMethodId, paused, actions) => {
    expect(availableActions({ status, deliveryMethodId, paused })).toEqual(actions);
  });

  it('every action that changes status is allowed by the table when it is offered', () => {
    for (const status of RESERVATION_STATUSES) {
      for (const deliveryMethodId of DELIVERY) {
        for (const action of availableActions({ status, deliveryMethodId })) {
          const transition = ACTION_TRANSITION[action];
          if (transition) expect(checkTransition({ status, deliveryMethodId }, transition).allowed).toBe(true);
        }
      }
    }
  });
});

describe('edits without a status change', () => {
  it('the edit table, written out by hand', () => {
    const allowedFrom = (edit: keyof typeof EDITS) =>
      RESERVATION_STATUSES.filter((status) => mayEdit({ status }, edit));
    expect(allowedFrom('paymentReminder')).toEqual([2]);
    expect(allowedFrom('changeLines')).toEqual([0, 2]);
    expect(allowedFrom('trackAndTrace')).toEqual([0, 2, 3, 4, 5, 6, 7]);
  });
});

describe('the offered actions derive from the tables', () => {
  const ALL: ReservationAction[] = ['approve', 'reject', 'paymentReminder', 'shipped', 'pickedUp', 'returnReceived'];

  it('an action is offered exactly when the server would accept it', () => {
    for (const status of RESERVATION_STATUSES) {
      for (const deliveryMethodId of [...DELIVERY, null]) {
        for (const paused of [false, true]) {
          const state = { status, deliveryMethodId, paused };
          expect(availableActions(state)).toEqual(ALL.filter((action) => mayDo(state, action)));
        }
      }
    }
  });

  it('changing a table row changes the buttons: nothing is decided beside the tables', () => {
    const reject = TRANSITIONS.reject;
    const reminder = EDITS.paymentReminder;
    try {
      TRANSITIONS.reject = { ...reject, from: [STATUS.new] };
      EDITS.paymentReminder = { from: [STATUS.awaitingPayment, STATUS.paid] };
      expect(availableActions({ status: STATUS.awaitingPayment, deliveryMethodId: 3 })).toEqual(['paymentReminder']);
      expect(availableActions({ status: STATUS.paid, deliveryMethodId: 3 })).toEqual(['paymentReminder', 'shipped']);
      expect(reservationFlags({ status: STATUS.awaitingPayment, deliveryMethodId: 3 }).mayReject).toBe(false);
    } finally {
      TRANSITIONS.reject = reject;
      EDITS.paymentReminder = reminder;
    }
  });
});
