import { z } from 'zod';

/**
 * The live stream `GET /api/events` (server-sent events, docs/decisions/0028). Each event is one change to one
 * reservation, written by the database itself (a trigger on `reservations`), so no code path can forget it:
 * - `reservationCreated`: a new reservation (from the shop);
 * - `reservationStatusChanged`: its status changed (approved, rejected, shipped, returned, …);
 * - `reservationPaid`: it was paid (status 3).
 * The SSE `event:` line is the kind, `id:` the event's number (send it back as `Last-Event-ID` to resume), `data:`
 * this object as JSON.
 */
export const RESERVATION_EVENT_KINDS = ['reservationCreated', 'reservationStatusChanged', 'reservationPaid'] as const;
export type ReservationEventKind = (typeof RESERVATION_EVENT_KINDS)[number];

export const reservationEventSchema = z.object({
  /** Increasing number of the event, its SSE id. */
  id: z.number().int().positive(),
  kind: z.enum(RESERVATION_EVENT_KINDS),
  reservationId: z.uuid(),
  orderNumber: z.string(),
  tenantId: z.uuid(),
  /** The status before the change; null for a new reservation. */
  fromStatus: z.number().int().min(0).max(7).nullable(),
  toStatus: z.number().int().min(0).max(7),
  /** When it happened (ISO 8601). */
  time: z.string(),
});
export type ReservationEvent = z.infer<typeof reservationEventSchema>;

/** What the server asks a client to wait before it reconnects (the SSE `retry:` field), in ms. */
export const EVENTS_RETRY_MS = 3000;
