import type { MailContent } from './mail-content.ts';

export type ReservationReceivedData = { name: string; orderNumber: string; workspaceName: string };

/** To the customer right after ordering in the shop: the workshop looks at it first, the payment link follows. */
export function reservationReceivedMail(r: ReservationReceivedData): MailContent {
  return {
    subject: `We hebben je reservering ontvangen (${r.orderNumber})`,
    text: `Beste ${r.name},\n\nDank je wel voor je reservering ${r.orderNumber} bij ${r.workspaceName}. Het atelier bekijkt hem zo snel mogelijk; daarna ontvang je een betaallink.\n\nGroeten,\n${r.workspaceName}`,
  };
}
