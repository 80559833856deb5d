import { formatDateTime, type Reservation } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';
import { orderSummary } from './reservation-frame.ts';
import { WORKSHOP_MAIL_FOOTER, type WorkshopRecipient } from './workshop-reservation-placed.ts';

/** What a withdrawal (herroeping) does: cancel before shipping, or a return to send back after. */
export type WithdrawalKind = 'cancel' | 'return';
export type WithdrawalFacts = { kind: WithdrawalKind; at: Date; reason: string | null; refund: boolean };

/** The withdrawal's own words, as the customer gave it: the text the confirmation keeps on a durable medium. */
export function withdrawalStatement(r: Reservation, w: WithdrawalFacts): string {
  const reason = w.reason ? `\nReden (niet verplicht): ${w.reason}` : '';
  return `Hierbij herroep ik de overeenkomst over reservering ${r.orderNumber} bij ${r.workspaceName}, geplaatst op ${r.creationTime}.\nNaam: ${r.name}\nAdres: ${r.street} ${r.streetNumber}, ${r.zipCode} ${r.city}\nE-mailadres: ${r.email}\nHerroepen op: ${formatDateTime(w.at)}${reason}`;
}

function nextSteps(w: WithdrawalFacts): string {
  if (w.kind === 'return')
    return 'Stuur de producten binnen 14 dagen terug naar het atelier. Zodra het atelier ze heeft ontvangen, krijg je je betaling terug.';
  return w.refund
    ? 'De reservering is geannuleerd. Je betaling wordt teruggestort; dat kan een paar werkdagen duren.'
    : 'De reservering is geannuleerd. Je hoeft niets te betalen.';
}

/** To the customer: the confirmation of the withdrawal, with its text. */
export function withdrawalConfirmedMail(r: Reservation, w: WithdrawalFacts): MailContent {
  return {
    subject: `Bevestiging van je herroeping (${r.orderNumber})`,
    text: `Beste ${r.name},\n\nWe hebben je herroeping ontvangen. ${nextSteps(w)}\n\nDit is de tekst van je herroeping:\n\n${withdrawalStatement(r, w)}\n\n${orderSummary(r)}\n\nGroeten,\n${r.workspaceName}`,
  };
}

/** To the workshop's admins: the customer withdrew; after shipping a return is on its way. */
export function workshopWithdrawalMail(r: Reservation, to: WorkshopRecipient, w: WithdrawalFacts): MailContent {
  const what =
    w.kind === 'return'
      ? 'De klant stuurt de producten terug (Retour onderweg). Markeer de retour als ontvangen zodra hij binnen is; dan wordt de betaling teruggestort.'
      : w.refund
        ? 'De reservering is geannuleerd en de betaling wordt teruggestort. Verzend niets.'
        : 'De reservering is geannuleerd. Verzend niets.';
  return {
    subject: `Reservering ${r.orderNumber} is herroepen`,
    text: `Beste ${to.adminName},\n\n${r.name} heeft reservering ${r.orderNumber} bij ${r.workspaceName} herroepen. ${what}\n\n${withdrawalStatement(r, w)}\n\n${orderSummary(r)}\n\nBekijk de reservering:\n${to.link}\n\n${WORKSHOP_MAIL_FOOTER}`,
  };
}

/** The line under every mail to the customer: their own reservation's link. */
export function customerLinkLine(url: string): string {
  return `Je reservering bekijken, betalen of herroepen:\n${url}`;
}
