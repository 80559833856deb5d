import { describe, expect, it } from 'vitest';
import { mailFailureReason } from './outbox.schema.ts';

/** The super admin reads why a mail did not go out in Dutch, not the mail library's words. */
describe('mailFailureReason', () => {
  it.each([
    ['connect ECONNREFUSED 127.0.0.1:2525', 'De mailserver is niet bereikbaar: hij weigert de verbinding.'],
    ['getaddrinfo ENOTFOUND mail.example.nl', 'De mailserver is niet gevonden: controleer het adres in SMTP_URL.'],
    ['Connection timeout', 'De mailserver reageerde niet op tijd.'],
    ['Greeting never received', 'De mailserver reageerde niet op tijd.'],
    [
      'Invalid login: 535 5.7.8 Authentication failed',
      'De mailserver weigert de inloggegevens: controleer gebruiker en wachtwoord in SMTP_URL.',
    ],
    [
      "Can't send mail - all recipients were rejected: 550 5.1.1 unknown",
      'De mailserver weigert het adres van de ontvanger.',
    ],
    ['Something odd', 'De e-mail kon niet worden verstuurd (onbekende fout van de mailserver).'],
  ])('%s', (error, reason) => {
    expect(mailFailureReason(error)).toBe(reason);
  });

  it('is null when nothing failed', () => {
    expect(mailFailureReason(null)).toBeNull();
  });
});
