import { describe, expect, it } from 'vitest';
import { accountChangedMail, notMeReportedMail } from './account-changed.ts';

describe('accountChangedMail', () => {
  it('names what changed, from what to what, and carries the not-me link', () => {
    const mail = accountChangedMail({
      subject: 'je account',
      changedBy: 'Sanne de Vries',
      changedAt: new Date('2026-11-20T09:30:00Z'),
      items: [
        { label: 'E-mailadres', from: 'oud@example.nl', to: 'nieuw@example.nl' },
        { label: 'Wachtwoord', from: null, to: null },
      ],
      notMeLink: 'https://app.example/dit-was-ik-niet?code=x',
      notMeDays: 14,
    });
    expect(mail.subject).toBe('Beveiligingsmelding: gegevens van je account gewijzigd');
    expect(mail.text).toContain('door Sanne de Vries op 20-11-2026 10:30');
    expect(mail.text).toContain('- E-mailadres: oud@example.nl → nieuw@example.nl\n- Wachtwoord\n');
    expect(mail.text).toContain('https://app.example/dit-was-ik-niet?code=x\n\nDe link is 14 dagen geldig.');
  });

  it('tells the super admins who reported', () => {
    const mail = notMeReportedMail({
      account: 'beheer',
      workshop: 'De Draaischijf',
      at: new Date('2026-11-20T09:30:00Z'),
    });
    expect(mail.text).toContain("door het account 'beheer' (atelier De Draaischijf) niet door de eigenaar");
  });
});
