import {
  assertNever,
  type BackOfficeTransition,
  endpoints,
  MESSAGES,
  transitionEndpoints,
} from '@ateliermarkt/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api, apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { reservationsKeys } from './reservations-keys.ts';

/** The back-office calls that change a reservation. */
export type ReservationCommand =
  | { kind: BackOfficeTransition | 'send-payment-reminder'; id: string }
  | { kind: 'remove-product'; id: string; productId: string }
  | { kind: 'track-and-trace'; id: string; trackAndTrace: string }
  | { kind: 'packages'; id: string; deliveryMethodId: number; quantity: number }
  | { kind: 'note'; id: string; note: string };

function send(command: ReservationCommand): Promise<void> {
  switch (command.kind) {
    case 'remove-product':
      return api(endpoints.removeReservationProduct, {
        params: { reservationId: command.id, productId: command.productId },
      });
    case 'track-and-trace':
      return api(endpoints.setTrackAndTrace, {
        params: { id: command.id },
        body: { trackAndTrace: command.trackAndTrace },
      });
    case 'packages':
      return api(endpoints.setReservationPackages, {
        params: { reservationId: command.id, deliveryMethodId: command.deliveryMethodId },
        body: { quantity: command.quantity },
      });
    case 'note':
      return api(endpoints.addReservationNote, { params: { id: command.id }, body: { note: command.note } });
    case 'send-payment-reminder':
      return api(endpoints.sendPaymentReminder, { params: { id: command.id } });
    case 'confirm':
    case 'reject':
    case 'shipped':
    case 'received':
    case 'returned':
      return api(transitionEndpoints[command.kind], { params: { id: command.id } });
    default:
      return assertNever(command, 'command');
  }
}

/** One mutation for every change; afterwards every reservation query (lists, detail, badge) reloads. */
export function useReservationCommand() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsKeys.all }),
  });
}

export function downloadLabel(id: string, orderNumber: string) {
  return apiClient.downloadFile(
    endpoints.downloadShippingLabel,
    { query: { reservationId: id } },
    `verzendlabel-${orderNumber}.pdf`,
  );
}

export function downloadPickupSlip(id: string, orderNumber: string) {
  return apiClient.downloadFile(
    endpoints.downloadPickupSlip,
    { query: { reservationId: id } },
    `ophaalbon-${orderNumber}.pdf`,
  );
}

/** The labels and pick-up slips of the chosen paid reservations, one page each, as one PDF. */
export function downloadLabels(ids: string[]) {
  return apiClient.downloadFile(
    endpoints.downloadLabels,
    { query: { reservationIds: ids.join(',') } },
    MESSAGES.labelsFileName,
  );
}
