import { assertNever, deliveryMethodsResponseSchema } from '@ateliermarkt/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { reservationsKeys } from './reservations-keys.ts';

/** The back-office calls of spec 7.5 that change a reservation. */
export type ReservationCommand =
  | { kind: 'confirm' | 'reject' | 'shipped' | 'received' | 'returned' | 'send-payment-reminder'; id: string }
  | { kind: 'remove-product'; id: string; productId: string }
  | { kind: 'track-and-trace'; id: string; trackAndTrace: string }
  | { kind: 'packages'; id: string; deliveryMethodId: number; quantity: number };

function send(command: ReservationCommand): Promise<void> {
  switch (command.kind) {
    case 'remove-product':
      return apiClient.request(`reservations/${command.id}/products/${command.productId}/availability`, {
        method: 'PUT',
      });
    case 'track-and-trace':
      return apiClient.request(`reservations/${command.id}/trackandtrace`, {
        method: 'PUT',
        body: { trackAndTrace: command.trackAndTrace },
      });
    case 'packages':
      return apiClient.request(`reservations/${command.id}/packages/${command.deliveryMethodId}`, {
        method: 'PUT',
        body: { quantity: command.quantity },
      });
    case 'confirm':
    case 'reject':
    case 'shipped':
    case 'received':
    case 'returned':
    case 'send-payment-reminder':
      return apiClient.request(`reservations/${command.id}/${command.kind}`, { method: 'POST' });
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

export function useDeliveryMethods(enabled: boolean) {
  return useQuery({
    queryKey: reservationsKeys.deliveryMethods(),
    queryFn: () => apiClient.request('products/delivery-methods', { schema: deliveryMethodsResponseSchema }),
    enabled,
    staleTime: 60 * 60_000,
  });
}

export function downloadLabel(id: string, orderNumber: string) {
  return apiClient.download(`files/label?reservationId=${id}`, `verzendlabel-${orderNumber}.pdf`);
}

export function downloadPickupSlip(id: string, orderNumber: string) {
  return apiClient.download(`files/pickup-slip?reservationId=${id}`, `ophaalbon-${orderNumber}.pdf`);
}
