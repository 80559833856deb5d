import { PRODUCT_NAME } from '@ateliermarkt/contract';
import type { MailContent } from './mail-content.ts';

export type PasswordLinkData = {
  purpose: 'reset' | 'set-password';
  /** The user's name; empty for an account that has none yet. */
  name: string;
  link: string;
  /** How long the link works, in words: '1 uur', '7 dagen'. */
  validity: string;
};

/** The link to choose a password: after a reset request, or for a new account (a new workshop's admin, a new user). */
export function passwordLinkMail(data: PasswordLinkData): MailContent {
  const [subject, intro] =
    data.purpose === 'reset'
      ? ['Je wachtwoord opnieuw instellen', 'Je hebt gevraagd om je wachtwoord opnieuw in te stellen.']
      : [`Welkom bij ${PRODUCT_NAME}`, `Er is een account voor je aangemaakt bij ${PRODUCT_NAME}.`];
  return {
    subject,
    text: `Beste ${data.name || 'gebruiker'},\n\n${intro} Kies je wachtwoord via deze link:\n\n${data.link}\n\nDe link is ${data.validity} geldig en werkt één keer. Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren.\n\nGroeten,\n${PRODUCT_NAME}`,
  };
}
