import { formatEuro, PRODUCT_NAME } from '@ateliermarkt/contract';

/** A mail's text, as every template returns it. */
export type MailText = { subject: string; text: string };

/** What the workshop's mails about one reservation show (issue 14.4). */
export type WorkshopReservationMailData = {
  /** The first name of the admin the mail goes to. */
  adminName: string;
  workshopName: string;
  orderNumber: string;
  customerName: string;
  lines: { quantity: number; name: string; price: number }[];
  total: number;
  /** The reservation in the back-office: PUBLIC_URL/reservations/{id}. */
  link: string;
};

export function reservationLines(data: WorkshopReservationMailData): string {
  return [
    ...data.lines.map((l) => `- ${l.quantity} x ${l.name} (${formatEuro(l.price)})`),
    `Totaal: ${formatEuro(data.total)}`,
  ].join('\n');
}

export const WORKSHOP_MAIL_FOOTER = `Wil je deze e-mails niet meer ontvangen? Zet 'Meldingen per e-mail' uit in je profiel.\n\nGroeten,\n${PRODUCT_NAME}`;

/** To the workshop's admins when the shop places a reservation. */
export function workshopReservationPlacedMail(data: WorkshopReservationMailData): MailText {
  return {
    subject: `Nieuwe reservering ${data.orderNumber}`,
    text: `Beste ${data.adminName},\n\n${data.customerName} heeft bij ${data.workshopName} een nieuwe reservering geplaatst: ${data.orderNumber}.\n\n${reservationLines(data)}\n\nBekijk de reservering en keur hem goed of wijs hem af:\n${data.link}\n\n${WORKSHOP_MAIL_FOOTER}`,
  };
}
