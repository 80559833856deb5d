import { PRODUCT_NAME, type Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { orderSummary } from './reservation-frame.ts';

/** Who of the workshop gets the mail, and the reservation's address in the back-office (PUBLIC_URL/reservations/{id}). */
export type WorkshopRecipient = { adminName: string; link: string };

/** The end of every mail to the workshop: how to switch them off. */
export const WORKSHOP_MAIL_FOOTER = `Wil je deze e-mails niet meer ontvangen? Zet 'Meldingen per e-mail' uit in je profiel.\n\nGroeten,\n${PRODUCT_NAME}`;

/** To the workshop's admins when the shop places a reservation. */
export function workshopReservationPlacedMail(r: Reservation, to: WorkshopRecipient): MailContent {
  return {
    subject: `Nieuwe reservering ${r.orderNumber}`,
    text: `Beste ${to.adminName},\n\n${r.name} heeft bij ${r.workspaceName} een nieuwe reservering geplaatst: ${r.orderNumber}.\n\n${orderSummary(r)}\n\nBekijk de reservering en keur hem goed of wijs hem af:\n${to.link}\n\n${WORKSHOP_MAIL_FOOTER}`,
  };
}
