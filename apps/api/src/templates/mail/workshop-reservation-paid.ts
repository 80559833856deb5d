import {
  type MailText,
  reservationLines,
  WORKSHOP_MAIL_FOOTER,
  type WorkshopReservationMailData,
} from './workshop-reservation-placed.ts';

/** To the workshop's admins when a reservation is paid: it can now be sent or handed over. */
export function workshopReservationPaidMail(data: WorkshopReservationMailData & { pickup: boolean }): MailText {
  const next = data.pickup
    ? 'De klant komt de bestelling ophalen in het atelier.'
    : 'Je kunt de bestelling nu verzenden.';
  return {
    subject: `Reservering ${data.orderNumber} is betaald`,
    text: `Beste ${data.adminName},\n\n${data.customerName} heeft reservering ${data.orderNumber} bij ${data.workshopName} betaald. ${next}\n\n${reservationLines(data)}\n\nBekijk de reservering:\n${data.link}\n\n${WORKSHOP_MAIL_FOOTER}`,
  };
}
