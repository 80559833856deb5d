import { formatDateTime, maskIban, PRODUCT_NAME } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';

/** What the mail about a changed payout account tells: the IBAN only masked, so a read mailbox does not leak it. */
export type PayoutAccountChange = {
  workshopName: string;
  /** Who saved the change: the user's name, else the user name (login); null if the user is gone. */
  changedBy: string | null;
  changedAt: Date;
  /** The new IBAN (compact), or null when it was removed. */
  iban: string | null;
  ibanHolder: string | null;
  /** The 'dit was ik niet' link and how many days it works. */
  notMe?: { link: string; days: number };
};

/**
 * To the workshop (its e-mail address and admins) and every super admin when the workshop's IBAN or holder changes
 * (docs/decisions/0038): a stolen session cannot redirect the payout unnoticed. Not switched off by
 * 'Meldingen per e-mail': it is a security notice.
 */
export function payoutAccountChangedMail(change: PayoutAccountChange): MailContent {
  const account = change.iban
    ? `Nieuw IBAN: ${maskIban(change.iban)}\nRekeninghouder: ${change.ibanHolder ?? '–'}`
    : 'Het IBAN is verwijderd: er wordt niet uitbetaald tot er een nieuw IBAN is ingevuld.';
  const notMe = change.notMe
    ? `\n\nWas jij dit niet? Open dan deze link: alle sessies van het account dat de wijziging deed worden beëindigd en de beheerders krijgen bericht (${change.notMe.days} dagen geldig):\n${change.notMe.link}`
    : '';
  return {
    subject: `Uitbetaalrekening van ${change.workshopName} gewijzigd`,
    text: `Beste beheerder,\n\nDe rekening waarop ${PRODUCT_NAME} de opbrengst van ${change.workshopName} uitbetaalt, is gewijzigd door ${change.changedBy ?? 'een onbekende gebruiker'} op ${formatDateTime(change.changedAt)}.\n\n${account}\n\nHeb jij dit niet gedaan of herken je deze wijziging niet? Neem dan direct contact op met ${PRODUCT_NAME} en wijzig je wachtwoord.${notMe}\n\nGroeten,\n${PRODUCT_NAME}`,
  };
}
