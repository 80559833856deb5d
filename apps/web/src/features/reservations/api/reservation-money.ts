import { endpoints, type RefundRequest } from '@ateliermarkt/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { reservationsKeys } from './reservations-keys.ts';

/** The reservation's money at the payment provider; under `all`, so every change refreshes it. */
export function useReservationMoney(id: string) {
  return useQuery({
    queryKey: [...reservationsKeys.all, 'money', id] as const,
    queryFn: () => api(endpoints.getReservationMoney, { params: { id } }),
  });
}

/** The super admin's refund, wholly or per line; afterwards every reservation query reloads. */
export function useRefundReservation() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ id, ...body }: RefundRequest & { id: string }) =>
      api(endpoints.refundReservation, { params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsKeys.all }),
  });
}
