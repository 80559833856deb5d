import type { Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { orderSummary } from './reservation-frame.ts';
import { WORKSHOP_MAIL_FOOTER, type WorkshopRecipient } from './workshop-reservation-placed.ts';

/** To the workshop's admins when a reservation is paid: it can now be sent, or the customer comes to fetch it. */
export function workshopReservationPaidMail(r: Reservation, to: WorkshopRecipient): MailContent {
  const next = r.willBeFetched
    ? 'De klant komt de bestelling ophalen in het atelier.'
    : 'Je kunt de bestelling nu verzenden.';
  return {
    subject: `Reservering ${r.orderNumber} is betaald`,
    text: `Beste ${to.adminName},\n\n${r.name} heeft reservering ${r.orderNumber} bij ${r.workspaceName} betaald. ${next}\n\n${orderSummary(r)}\n\nBekijk de reservering:\n${to.link}\n\n${WORKSHOP_MAIL_FOOTER}`,
  };
}
