import { z } from 'zod';
import { assertNever } from '../common/assert-never.ts';
import { isReservationStatus, statusName } from './reservation-machine.ts';

/**
 * The history of one reservation, read from the audit log: every status change with who made it, the
 * other changes worth knowing, and each e-mail queued about it (docs/decisions/0029). The Dutch texts of the
 * timeline live here, once: the server fills `description` and `actor`, the web app shows them. A description is
 * never just a status name: the status badge beside the timeline stays the one element with that text.
 */
export const RESERVATION_HISTORY_EVENTS = [
  'placed',
  'confirm',
  'reject',
  'paid',
  'shipped',
  'received',
  'startReturn',
  'returned',
  'paymentReminder',
  'paymentFailed',
  'paymentExpired',
  'paymentCanceled',
  'paymentLink',
  'routed',
  'routeWaiting',
  'refunded',
  'refundFailed',
  'trackAndTrace',
  'packages',
  'productUnavailable',
  'mailCustomer',
  'mailWorkshop',
  'note',
] as const;
export type ReservationHistoryEvent = (typeof RESERVATION_HISTORY_EVENTS)[number];

/** Who made a change that no back-office user made. */
export const HISTORY_ACTORS = {
  customer: 'klant',
  paymentProvider: 'betaalprovider',
  automatic: 'automatisch',
  /** A user that has been deleted since. */
  formerUser: 'verwijderde gebruiker',
} as const;

const historyStatusSchema = z.object({ code: z.number().int(), name: z.string() });

export const reservationHistoryEntrySchema = z.object({
  /** The audit entry's id. */
  id: z.string(),
  /** ISO 8601; the web app shows it as `21-11-2026 14:05 uur` (formatDateTime). */
  time: z.string(),
  actor: z.string(),
  fromStatus: historyStatusSchema.nullable(),
  toStatus: historyStatusSchema.nullable(),
  event: z.enum(RESERVATION_HISTORY_EVENTS),
  /** The event in Dutch, with its detail (the mail's subject, the track & trace code). */
  description: z.string(),
  /** A mail's delivery: sent, still waiting (perhaps after a failed attempt), or given up; null otherwise. */
  mailState: z.enum(['sent', 'waiting', 'failed']).nullable(),
});
export type ReservationHistoryEntry = z.infer<typeof reservationHistoryEntrySchema>;
export const reservationHistorySchema = z.array(reservationHistoryEntrySchema);

/** The longest internal note; a note is a line or a few, not a document. */
export const RESERVATION_NOTE_MAX = 1000;

/**
 * An internal note on a reservation: a comment in its timeline for the workshop and the super admin
 * ('klant belde, haalt vrijdag op'). Never shown to the customer nor through the shop API.
 */
export const reservationNoteRequestSchema = z.strictObject({
  note: z
    .string({ error: 'Schrijf een notitie' })
    .trim()
    .min(1, { error: 'Schrijf een notitie' })
    .max(RESERVATION_NOTE_MAX, { error: `Maximaal ${RESERVATION_NOTE_MAX} tekens` }),
});
export type ReservationNoteRequest = z.infer<typeof reservationNoteRequestSchema>;

export type HistoryMailState = NonNullable<ReservationHistoryEntry['mailState']>;

/** The badge beside a mail in the history. */
export const HISTORY_MAIL_STATES: Record<HistoryMailState, string> = {
  sent: 'Verstuurd',
  waiting: 'Wacht op verzending',
  failed: 'Niet verstuurd',
};

export function historyStatus(code: unknown): { code: number; name: string } | null {
  return isReservationStatus(code) ? { code, name: statusName(code) } : null;
}

/** The Dutch line of the timeline for one event. */
export function historyDescription(event: ReservationHistoryEvent, detail: string | null = null): string {
  const withDetail = (text: string) => (detail ? `${text}: ${detail}` : text);
  switch (event) {
    case 'placed':
      return 'Reservering geplaatst in de webshop';
    case 'confirm':
      return 'Goedgekeurd';
    case 'reject':
      return 'Reservering afgewezen';
    case 'paid':
      // With a provider's payment id (Mollie's tr_…) when the provider reported it.
      return withDetail('Betaling ontvangen');
    case 'shipped':
      return 'Pakket verzonden';
    case 'received':
      return 'Opgehaald in het atelier';
    case 'startReturn':
      return 'Retour aangemeld';
    case 'returned':
      return 'Retourpakket ontvangen';
    case 'paymentReminder':
      return 'Betaalherinnering verstuurd';
    case 'paymentFailed':
      return 'Betaling mislukt';
    case 'paymentExpired':
      return 'Betaling verlopen';
    case 'paymentCanceled':
      return withDetail('Betaling geannuleerd');
    case 'paymentLink':
      return withDetail('Betaallink aangemaakt');
    case 'routed':
      return withDetail('Aandeel van het atelier doorgestort');
    case 'routeWaiting':
      return withDetail('Doorstorting wacht op de koppeling met Mollie');
    case 'refunded':
      return withDetail('Terugbetaald aan de klant');
    case 'refundFailed':
      return withDetail('Terugbetaling mislukt, wordt opnieuw geprobeerd');
    case 'trackAndTrace':
      return withDetail('Track & trace gewijzigd');
    case 'packages':
      return 'Verzending gewijzigd';
    case 'productUnavailable':
      return 'Product uit de reservering gehaald';
    case 'mailCustomer':
      return withDetail('E-mail aan de klant');
    case 'mailWorkshop':
      return withDetail('E-mail aan het atelier');
    case 'note':
      return withDetail('Interne notitie');
    default:
      return assertNever(event, 'history event');
  }
}
