import type { Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { orderSummary } from './reservation-frame.ts';
import { WORKSHOP_MAIL_FOOTER, type WorkshopRecipient } from './workshop-reservation-placed.ts';

/** To the workshop's admins, once, when a new reservation is still unanswered after RESERVATION_REMIND_AFTER. */
export function workshopReservationReminderMail(r: Reservation, to: WorkshopRecipient): MailContent {
  return {
    subject: `Herinnering: reservering ${r.orderNumber} wacht op je antwoord`,
    text: `Beste ${to.adminName},\n\n${r.name} wacht sinds ${r.creationTime} op je antwoord op reservering ${r.orderNumber} bij ${r.workspaceName}. Blijft een antwoord uit, dan wordt de reservering automatisch afgewezen en krijgt de klant daarover bericht.\n\n${orderSummary(r)}\n\nKeur de reservering goed of wijs hem af:\n${to.link}\n\n${WORKSHOP_MAIL_FOOTER}`,
  };
}
