import { formatDateTime, PRODUCT_NAME } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';

/** One changed item of a notice: what it is, and in words what it was and became (secrets never in full). */
export type ChangedItem = { label: string; from: string | null; to: string | null };

export type AccountChange = {
  /** 'je account' for a user's own log-in data, 'atelier <naam>' for a workshop's. */
  subject: string;
  changedBy: string | null;
  changedAt: Date;
  items: ChangedItem[];
  /** The 'dit was ik niet' link: ends every session of the account that made the change and tells the super admins. */
  notMeLink: string;
  notMeDays: number;
};

const shown = (v: string | null) => (v ? v : '(leeg)');

/**
 * To the addresses as they were before the change, and the new ones: a stolen session that changes
 * a log-in e-mail, password, second factor, or a workshop's e-mail or IBAN is seen by the real owner, who can end it.
 * A security notice: 'Meldingen per e-mail' does not switch it off.
 */
export function accountChangedMail(change: AccountChange): MailContent {
  const lines = change.items.map((i) =>
    i.from === undefined || (i.from === null && i.to === null)
      ? `- ${i.label}`
      : `- ${i.label}: ${shown(i.from)} → ${shown(i.to)}`,
  );
  return {
    subject: `Beveiligingsmelding: gegevens van ${change.subject} gewijzigd`,
    text: `Beste gebruiker,\n\nDe volgende gegevens van ${change.subject} zijn gewijzigd door ${change.changedBy ?? 'een onbekende gebruiker'} op ${formatDateTime(change.changedAt)}:\n\n${lines.join('\n')}\n\nWas jij dit niet? Open dan deze link: alle sessies van het account dat de wijziging deed worden beëindigd en de beheerders van ${PRODUCT_NAME} krijgen bericht.\n\n${change.notMeLink}\n\nDe link is ${change.notMeDays} dagen geldig.\n\nGroeten,\n${PRODUCT_NAME}`,
  };
}

/** To every super admin when someone used the 'dit was ik niet' link. */
export function notMeReportedMail(report: { account: string; workshop: string | null; at: Date }): MailContent {
  return {
    subject: `Beveiligingsmelding: '${report.account}' meldt een wijziging die niet van hem of haar was`,
    text: `Beste beheerder,\n\nOp ${formatDateTime(report.at)} is via de link 'Dit was ik niet' gemeld dat een wijziging door het account '${report.account}'${report.workshop ? ` (atelier ${report.workshop})` : ''} niet door de eigenaar is gedaan. Alle sessies van dat account zijn beëindigd.\n\nControleer in het Logboek wat er is gewijzigd (e-mailadres, IBAN) en neem contact op met de eigenaar.\n\nGroeten,\n${PRODUCT_NAME}`,
  };
}
