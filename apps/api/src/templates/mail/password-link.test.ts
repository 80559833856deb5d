import { describe, expect, it } from 'vitest';
import { passwordLinkMail } from './password-link.ts';

const link = 'https://app.example/resetPassword?code=x';

describe('passwordLinkMail', () => {
  it('sends the reset link', () => {
    expect(passwordLinkMail({ purpose: 'reset', name: 'Sanne', link, validity: '1 uur' })).toEqual({
      subject: 'Je wachtwoord opnieuw instellen',
      text: `Beste Sanne,\n\nJe hebt gevraagd om je wachtwoord opnieuw in te stellen. Kies je wachtwoord via deze link:\n\n${link}\n\nDe link is 1 uur geldig en werkt één keer. Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren.\n\nGroeten,\nAteliermarkt`,
    });
  });

  it('welcomes a new account, and greets one without a name as gebruiker', () => {
    const mail = passwordLinkMail({ purpose: 'set-password', name: '', link, validity: '7 dagen' });
    expect(mail.subject).toBe('Welkom bij Ateliermarkt');
    expect(mail.text).toMatch(/^Beste gebruiker,\n\nEr is een account voor je aangemaakt bij Ateliermarkt\. Kies je/);
    expect(mail.text).toContain('De link is 7 dagen geldig en werkt één keer.');
  });
});
