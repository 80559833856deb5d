/**
 * Live updates (docs/decisions/0028): while an admin is logged in, the server's event stream stays open
 * (lib/event-stream.ts reconnects after a drop). Each event makes the reservation lists and details, the sidebar's
 * count and the dashboard fetch again; a new reservation also shows a notice. After a reconnection the same queries
 * are refreshed, since events may have been missed. Lives in app/ because it touches several features' queries.
 */
import { MESSAGES } from '@ateliermarkt/contract';
import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { reservationsKeys } from '../features/reservations/api/reservations-keys.ts';
import { runEventStream } from '../lib/event-stream.ts';
import { session } from '../lib/session.ts';

/** The dashboard's query key (its feature's key factory). */
const DASHBOARD_KEY = ['dashboard'] as const;

function refreshReservationQueries(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: reservationsKeys.all });
  void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
}

export function useLiveEvents(enabled: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let opens = 0;
    void runEventStream({
      getToken: () => session.get()?.token ?? null,
      refresh: () => session.refresh(),
      onExpired: () => session.end('expired'),
      onOpen: () => {
        opens += 1;
        if (opens > 1) refreshReservationQueries(queryClient);
      },
      onEvent: (event) => {
        refreshReservationQueries(queryClient);
        if (event.kind === 'reservationCreated') {
          // The notice opens its reservation (the detail dialog over the overview).
          const id = `reservation-${event.id}`;
          const open = () => {
            notifications.hide(id);
            navigate(`/reservations/${event.reservationId}`);
          };
          notifications.show({
            id,
            // Longer than a plain notice: it carries an action.
            autoClose: 15_000,
            message: (
              <Text size="sm" component="span">
                {MESSAGES.newReservation(event.orderNumber)}.{' '}
                <Anchor component="button" type="button" size="sm" fw={600} onClick={open}>
                  Bekijken
                </Anchor>
              </Text>
            ),
          });
        }
      },
      signal: controller.signal,
    });
    return () => controller.abort();
  }, [enabled, queryClient, navigate]);
}
